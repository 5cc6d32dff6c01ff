// /cloudfront/presigned: the lasting address of a file becomes a download link; a file that is not there
// says so with a way back; no address at all explains where the link comes from.
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '../../test/fixtures.js';
import { renderRoute } from '../radar/testing/render-route.js';
import PresignedPage from './presigned-page.js';
import { forgetSession, signIn } from '../../test/session.js';

const open = (url: string) => renderRoute(<PresignedPage />, '/cloudfront/presigned', url);

beforeEach(() => {
  signIn()
});
afterEach(() => {
  forgetSession();
  vi.unstubAllGlobals();
});

describe('PresignedPage', () => {
  it('asks for a download URL of the address and offers it', async () => {
    const net = fakeNetwork({ 'POST /app/cloudfront/presigned': () => ({ body: { url: 'https://files.example.com/signed?sig=1', expiresAt: '2026-01-02T10:05:00.000Z' } }) });
    open('/cloudfront/presigned?url=https%3A%2F%2Ffiles.example.com%2Fpermits%2F1%2Fplan.pdf');
    expect((await screen.findByRole('link', { name: 'Download the file' })).getAttribute('href')).toBe('https://files.example.com/signed?sig=1');
    expect(net.calls[0]?.body).toEqual({ originalUrl: 'https://files.example.com/permits/1/plan.pdf' });
  });

  it('says a file that is not there was not found, with a way back', async () => {
    fakeNetwork({ 'POST /app/cloudfront/presigned': () => ({ status: 404, body: { message: 'Document not found.', code: 'DOCUMENT_NOT_FOUND' } }) });
    open('/cloudfront/presigned?url=permits%2F1%2Fgone.pdf');
    expect(await screen.findByText('File not found')).toBeTruthy();
    expect(screen.getByText('Document not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Project Radar' }).getAttribute('href')).toBe('/project-radar');
  });

  it('explains a link without a file and calls nothing', () => {
    const net = fakeNetwork({});
    open('/cloudfront/presigned');
    expect(screen.getByText(/No file was given/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Project Radar' })).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });
});
