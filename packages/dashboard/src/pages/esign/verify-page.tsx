// /esign/verify: anyone checks a PDF against the signed documents. The file never leaves the browser:
// its SHA-256 is computed here (crypto.subtle) and only the hash is sent; the server says which signed
// envelope it is, or none.
import { DATE_FORMATS, formatDate, type VerifyResult } from '@permitdesk/core';
import { useState } from 'react';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import './esign.css';

async function sha256Of(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export default function VerifyPage() {
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; hash: string; result: VerifyResult } | { kind: 'failed' }>({ kind: 'idle' });
  const check = async (file: File | undefined) => {
    if (!file) return;
    setState({ kind: 'busy' });
    try {
      const hash = await sha256Of(file);
      setState({ kind: 'done', hash, result: await api.esign.verify({ body: { sha256: hash }, silent: true }) });
    } catch {
      setState({ kind: 'failed' });
    }
  };
  return (
    <div className="container container--text esign-verify">
      <h1 className="page-title">Verify a signed document</h1>
      <p>Choose a PDF signed through PermitDesk. Your browser computes its SHA-256 fingerprint; only the fingerprint is sent, never the file.</p>
      <label className="field">
        <span className="field__label">Signed PDF</span>
        <input className="field__input" type="file" accept="application/pdf,.pdf" name="pdf" onChange={(e) => void check(e.target.files?.[0])} />
      </label>
      {state.kind === 'busy' && <Spinner label="Checking the document" />}
      {state.kind === 'failed' && <Alert kind="error">The document could not be checked. Please try again.</Alert>}
      {state.kind === 'done' && (
        <div>
          {state.result.match ? (
            <Alert kind="success" title="This is an authentic signed document">
              “{state.result.match.title}”, signed by everyone on {formatDate(state.result.match.completedAt, DATE_FORMATS.date)}:{' '}
              {state.result.match.signers.map((s) => s.name).join(', ')}.
            </Alert>
          ) : (
            <Alert kind="warning" title="No signed document matches this file">
              It was changed after signing, or it was not signed through PermitDesk.
            </Alert>
          )}
          <p className="muted esign-verify__hash">SHA-256: {state.hash}</p>
        </div>
      )}
    </div>
  );
}
