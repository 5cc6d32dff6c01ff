// The signer's page shows the state the server's answer puts them in, with the server's words.
import { ESIGN_MESSAGES, type SigningView } from '@permitdesk/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SigningScreen, stageOf } from './signing-screen.js';

const view = (signer: Partial<SigningView['signer']> = {}, envelope: Partial<SigningView> = {}): SigningView => ({
  title: 'Subcontract agreement',
  fileName: 'agreement.pdf',
  senderName: 'Lakeside Roofing',
  envelopeStatus: 'sent',
  signer: { name: 'Ann First', email: 'ann@example.com', status: 'invited', locked: false, verified: false, declineReason: null, ...signer },
  order: [{ position: 1, name: 'Ann First', status: 'invited' }],
  expiresAt: '2026-12-10T12:00:00.000Z',
  ...envelope,
});

describe('the signing page', () => {
  it('puts the signer in the stage of the answer', () => {
    expect(stageOf(view())).toBe('passcode');
    expect(stageOf(view({ verified: true }))).toBe('reading');
    expect(stageOf(view({ locked: true }))).toBe('locked');
    expect(stageOf(view({ status: 'waiting' }))).toBe('waiting');
    expect(stageOf(view({ status: 'signed' }, { envelopeStatus: 'completed' }))).toBe('done');
    expect(stageOf(view({ status: 'declined' }, { envelopeStatus: 'declined' }))).toBe('declined');
    expect(stageOf(view({}, { envelopeStatus: 'voided' }))).toBe('closed');
  });

  it('says why a document can no longer be signed', () => {
    render(<SigningScreen view={view({}, { envelopeStatus: 'voided' })} stage="closed" />);
    expect(screen.getByText(ESIGN_MESSAGES.voided)).toBeTruthy();
  });

  it('says a locked signer must ask the sender', () => {
    render(<SigningScreen view={view({ locked: true })} stage="locked" />);
    expect(screen.getByText(ESIGN_MESSAGES.locked)).toBeTruthy();
  });
});
