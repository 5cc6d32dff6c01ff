// The signer's page at /sign/{token} (issue 13), one story per state: the passcode, reading the
// document (drawn by pdfjs-dist), adopting a signature, done, declined, locked, and a voided envelope.
import { SigningScreen, type SigningStage } from '@permitdesk/dashboard/src/pages/esign/signing-screen';
import type { SigningView } from '@permitdesk/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryFrame } from '../story-frame';

/** A one-page PDF made with pdf-lib. */
const PDF = Uint8Array.from(atob('JVBERi0xLjcKJYGBgYEKCjEgMCBvYmoKPDwKL1R5cGUgL1BhZ2VzCi9LaWRzIFsgNCAwIFIgXQovQ291bnQgMQo+PgplbmRvYmoKCjIgMCBvYmoKPDwKL1R5cGUgL0NhdGFsb2cKL1BhZ2VzIDEgMCBSCj4+CmVuZG9iagoKMyAwIG9iago8PAovUHJvZHVjZXIgPEZFRkYwMDcwMDA2NDAwNjYwMDJEMDA2QzAwNjkwMDYyMDAyMDAwMjgwMDY4MDA3NDAwNzQwMDcwMDA3MzAwM0EwMDJGMDAyRjAwNjcwMDY5MDA3NDAwNjgwMDc1MDA2MjAwMkUwMDYzMDA2RjAwNkQwMDJGMDA0ODAwNkYwMDcwMDA2NDAwNjkwMDZFMDA2NzAwMkYwMDcwMDA2NDAwNjYwMDJEMDA2QzAwNjkwMDYyMDAyOT4KL01vZERhdGUgKEQ6MjAyNjExMjYyMzAyMjdaKQovQ3JlYXRvciA8RkVGRjAwNzAwMDY0MDA2NjAwMkQwMDZDMDA2OTAwNjIwMDIwMDAyODAwNjgwMDc0MDA3NDAwNzAwMDczMDAzQTAwMkYwMDJGMDA2NzAwNjkwMDc0MDA2ODAwNzUwMDYyMDAyRTAwNjMwMDZGMDA2RDAwMkYwMDQ4MDA2RjAwNzAwMDY0MDA2OTAwNkUwMDY3MDAyRjAwNzAwMDY0MDA2NjAwMkQwMDZDMDA2OTAwNjIwMDI5PgovQ3JlYXRpb25EYXRlIChEOjIwMjYxMTI2MjMwMjI3WikKPj4KZW5kb2JqCgo0IDAgb2JqCjw8Ci9UeXBlIC9QYWdlCi9QYXJlbnQgMSAwIFIKL1Jlc291cmNlcyA8PAo+PgovTWVkaWFCb3ggWyAwIDAgNjEyIDc5MiBdCj4+CmVuZG9iagoKeHJlZgowIDUKMDAwMDAwMDAwMCA2NTUzNSBmIAowMDAwMDAwMDE2IDAwMDAwIG4gCjAwMDAwMDAwNzYgMDAwMDAgbiAKMDAwMDAwMDEyNiAwMDAwMCBuIAowMDAwMDAwNTk2IDAwMDAwIG4gCgp0cmFpbGVyCjw8Ci9TaXplIDUKL1Jvb3QgMiAwIFIKL0luZm8gMyAwIFIKPj4KCnN0YXJ0eHJlZgo2ODcKJSVFT0Y='), (c) => c.charCodeAt(0));

const view = (signer: Partial<SigningView['signer']> = {}, envelope: Partial<SigningView> = {}): SigningView => ({
  title: 'Subcontract agreement',
  fileName: 'agreement.pdf',
  senderName: 'Lakeside Roofing',
  envelopeStatus: 'sent',
  signer: { name: 'Ann First', email: 'ann@example.com', status: 'invited', locked: false, verified: false, declineReason: null, ...signer },
  order: [
    { position: 1, name: 'Ann First', status: signer.status ?? 'invited' },
    { position: 2, name: 'Ben Second', status: 'waiting' },
  ],
  expiresAt: '2026-12-10T12:00:00.000Z',
  ...envelope,
});

const STATES: Record<string, { stage: SigningStage; view: SigningView; error?: string; document?: Uint8Array }> = {
  passcode: { stage: 'passcode', view: view() },
  wrongPasscode: { stage: 'passcode', view: view(), error: 'That passcode is not right. Check the latest mail and try again.' },
  reading: { stage: 'reading', view: view({ verified: true }), document: PDF },
  adoptSignature: { stage: 'adopt', view: view({ verified: true }), document: PDF },
  done: { stage: 'done', view: view({ verified: true, status: 'signed' }) },
  declined: { stage: 'declined', view: view({ verified: true, status: 'declined', declineReason: 'The price is wrong' }, { envelopeStatus: 'declined' }) },
  locked: { stage: 'locked', view: view({ locked: true }) },
  voided: { stage: 'closed', view: view({}, { envelopeStatus: 'voided' }) },
};

type Args = { state: keyof typeof STATES };

const meta = {
  title: 'Dashboard/E-sign/Signing page',
  render: ({ state }) => {
    const s = STATES[state]!;
    return <SigningScreen view={s.view} stage={s.stage} document={s.document ?? null} error={s.error ?? null} passcodeSent={state === 'wrongPasscode'} />;
  },
  decorators: [(Story) => <StoryFrame width={900}><Story /></StoryFrame>],
  argTypes: { state: { control: 'select', options: Object.keys(STATES), description: "The signer's state" } },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Passcode: Story = { args: { state: 'passcode' } };
export const WrongPasscode: Story = { args: { state: 'wrongPasscode' } };
export const Reading: Story = { args: { state: 'reading' } };
export const AdoptSignature: Story = { args: { state: 'adoptSignature' } };
export const Done: Story = { args: { state: 'done' } };
export const Declined: Story = { args: { state: 'declined' } };
export const Locked: Story = { args: { state: 'locked' } };
export const Voided: Story = { args: { state: 'voided' } };
