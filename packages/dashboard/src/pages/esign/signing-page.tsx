// /sign/{token}: a signer's page, no account needed (issue 13). The token is the key; the page reads the
// signer's envelope, asks for the mailed passcode, shows the PDF, takes the signature or a decline.
// Not indexed, nothing cached (the server says so too).
import { type SigningView } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import type { AdoptedSignature } from './signature-pad.js';
import { SigningScreen, stageOf, type SigningStage } from './signing-screen.js';

const messageOf = (error: unknown) => (isApiRequestError(error) ? error.message : 'Something went wrong. Please try again.');

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export default function SigningPage() {
  const token = useParams().token ?? '';
  const loaded = useQuery({ queryKey: queryKeys.esign.signing(token), queryFn: ({ signal }) => api.esign.view({ params: { token }, signal, silent: true }) });
  const [view, setView] = useState<SigningView | null>(null);
  const [adopting, setAdopting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passcodeSent, setPasscodeSent] = useState(false);
  const [document, setDocument] = useState<Uint8Array | null>(null);
  useEffect(() => {
    const meta = window.document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    window.document.head.append(meta);
    return () => meta.remove();
  }, []);
  const current = view ?? loaded.data ?? null;
  const baseStage = current ? stageOf(current) : null;
  useEffect(() => {
    if (baseStage !== 'reading' || document) return;
    api.esign.document({ params: { token }, silent: true }).then((d) => setDocument(fromBase64(d.pdfBase64)), (e: unknown) => setError(messageOf(e)));
  }, [baseStage, document, token]);

  if (loaded.error && !current) {
    return (
      <div className="container container--text">
        <h1 className="page-title">This signing link is not valid</h1>
        <Alert kind="warning">
          {messageOf(loaded.error)} The link was not found, or a newer mail replaced it. Open the newest mail you received, or ask the sender to send the document again.
        </Alert>
        <Link className="btn btn--ghost" to="/esign/verify">
          Verify a signed document
        </Link>
      </div>
    );
  }
  if (!current || !baseStage) return <Spinner label="Loading" />;

  const run = async (work: () => Promise<SigningView | void>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await work();
      if (next) setView(next);
    } catch (e) {
      setError(messageOf(e));
      // A lock or a closed envelope changes what the page shows: read it again.
      if (isApiRequestError(e) && e.status === 409) setView(await api.esign.view({ params: { token }, silent: true }).catch(() => current));
    } finally {
      setBusy(false);
    }
  };
  const stage: SigningStage = baseStage === 'reading' && adopting ? 'adopt' : baseStage;
  return (
    <SigningScreen
      view={current}
      stage={stage}
      document={document}
      busy={busy}
      error={error}
      passcodeSent={passcodeSent}
      onSendPasscode={() => void run(async () => {
        await api.esign.sendPasscode({ params: { token }, silent: true });
        setPasscodeSent(true);
      })}
      onVerify={(passcode) => void run(() => api.esign.verifyPasscode({ params: { token }, body: { passcode }, silent: true }))}
      onContinue={() => setAdopting(true)}
      onSign={(signature: AdoptedSignature) => void run(() => api.esign.sign({ params: { token }, body: { signature, agree: true }, silent: true }))}
      onDecline={(reason) => void run(() => api.esign.decline({ params: { token }, body: { reason }, silent: true }))}
    />
  );
}
