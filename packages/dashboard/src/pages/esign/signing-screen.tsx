// What the signer sees at /sign/{token}, as one component of its state (the page feeds it the server's
// answers; Storybook feeds it each state): the passcode, reading the document, adopting a signature,
// done, declined, locked, and an envelope that no longer takes signatures.
import { CLOSED_ENVELOPE_MESSAGE, DATE_FORMATS, ESIGN_MESSAGES, formatDate, SIGNER_STATUS_LABELS, type SigningView } from '@permitdesk/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import { SignaturePad, type AdoptedSignature } from './signature-pad.js';
import './esign.css';

// pdfjs-dist is large: its module loads only when a document is shown.
const PdfPages = lazy(() => import('./pdf-pages.js').then((m) => ({ default: m.PdfPages })));

export type SigningStage = 'passcode' | 'reading' | 'adopt' | 'done' | 'declined' | 'locked' | 'closed' | 'waiting';

/** The stage the server's answer puts the signer in ('reading' stands for 'reading' or 'adopt'). */
export function stageOf(view: SigningView): SigningStage {
  if (view.signer.status === 'signed') return 'done';
  if (view.signer.status === 'declined') return 'declined';
  if (view.envelopeStatus !== 'sent') return 'closed';
  if (view.signer.locked) return 'locked';
  if (view.signer.status === 'waiting') return 'waiting';
  return view.signer.verified ? 'reading' : 'passcode';
}

export interface SigningScreenProps {
  view: SigningView;
  stage: SigningStage;
  /** The document's bytes once the passcode is verified. */
  document?: Uint8Array | null;
  busy?: boolean;
  error?: string | null;
  passcodeSent?: boolean;
  onSendPasscode?: () => void;
  onVerify?: (passcode: string) => void;
  onContinue?: () => void;
  onSign?: (signature: AdoptedSignature) => void;
  onDecline?: (reason: string) => void;
}

function Order({ view }: { view: SigningView }) {
  return (
    <ol className="signing__order" aria-label="Signing order">
      {view.order.map((s) => (
        <li key={s.position} data-status={s.status}>
          {s.name} <span className="muted">— {SIGNER_STATUS_LABELS[s.status]}</span>
        </li>
      ))}
    </ol>
  );
}

function PasscodeStep({ passcodeSent, busy, onSendPasscode, onVerify }: SigningScreenProps) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onVerify?.(code.trim());
  };
  return (
    <section aria-labelledby="passcode-title" className="signing__card">
      <h2 id="passcode-title">Confirm it is you</h2>
      <p>We mail a one-time passcode to your address. Enter it to open the document.</p>
      <button type="button" className="btn" onClick={onSendPasscode} disabled={busy}>
        {passcodeSent ? 'Mail me a new passcode' : 'Mail me a passcode'}
      </button>
      {passcodeSent && <p className="muted" role="status">A passcode is on its way. It is valid for about 10 minutes.</p>}
      <form onSubmit={submit} className="signing__passcode">
        <label className="field">
          <span className="field__label">Passcode</span>
          <input className="field__input" name="passcode" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy || code.trim().length !== 6}>
          Verify
        </button>
      </form>
    </section>
  );
}

function AdoptStep({ view, busy, onSign, onDecline }: SigningScreenProps) {
  const [signature, setSignature] = useState<AdoptedSignature | null>({ kind: 'typed', text: view.signer.name });
  const [agree, setAgree] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <section aria-labelledby="adopt-title" className="signing__card">
      <h2 id="adopt-title">Sign</h2>
      <SignaturePad defaultName={view.signer.name} onChange={setSignature} />
      <label className="signing__agree">
        <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} /> I agree to sign this document electronically, and that my
        electronic signature is as valid as one on paper.
      </label>
      <div className="signing__actions">
        <button type="button" className="btn btn--primary" disabled={busy || !agree || !signature} onClick={() => signature && onSign?.(signature)}>
          Sign the document
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setDeclining(!declining)}>
          Decline to sign
        </button>
      </div>
      {declining && (
        <form
          className="signing__decline"
          onSubmit={(e) => {
            e.preventDefault();
            onDecline?.(reason.trim());
          }}
        >
          <label className="field">
            <span className="field__label">Why do you decline?</span>
            <textarea className="field__input" name="reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <button type="submit" className="btn btn--danger" disabled={busy || !reason.trim()}>
            Decline
          </button>
        </form>
      )}
    </section>
  );
}

export function SigningScreen(props: SigningScreenProps) {
  const { view, stage, document, error } = props;
  return (
    <div className="container signing" data-stage={stage}>
      <p className="public-link__eyebrow">{view.senderName} asks you to sign</p>
      <h1 className="page-title">{view.title}</h1>
      <p className="muted">
        Signing as <strong>{view.signer.name}</strong> ({view.signer.email}) · to be signed by {formatDate(view.expiresAt, DATE_FORMATS.date)}
      </p>
      <Order view={view} />
      {error && (
        <Alert kind="error" title="That did not work">
          {error}
        </Alert>
      )}
      {stage === 'passcode' && <PasscodeStep {...props} />}
      {(stage === 'reading' || stage === 'adopt') && (
        <>
          <section aria-label="Document" className="signing__document" tabIndex={0}>
            {document ? (
              <Suspense fallback={<Spinner label="Loading the document" />}>
                <PdfPages bytes={document} />
              </Suspense>
            ) : (
              <Spinner label="Loading the document" />
            )}
          </section>
          {stage === 'reading' ? (
            <button type="button" className="btn btn--primary" onClick={props.onContinue}>
              I have read it: continue to sign
            </button>
          ) : (
            <AdoptStep {...props} />
          )}
        </>
      )}
      {stage === 'done' && (
        <Alert kind="success" title="You signed this document">
          {view.envelopeStatus === 'completed'
            ? 'Everyone has signed. The sender has the signed PDF, with a certificate page of each signature.'
            : 'Thank you. The next signer is invited now; the sender is told when everyone has signed.'}
        </Alert>
      )}
      {stage === 'declined' && (
        <Alert kind="warning" title="You declined to sign">
          {view.signer.declineReason ? `Your reason was sent to ${view.senderName}: “${view.signer.declineReason}”` : ESIGN_MESSAGES.alreadyDeclined}
        </Alert>
      )}
      {stage === 'locked' && (
        <Alert kind="error" title="This document is locked for you">
          {ESIGN_MESSAGES.locked}
        </Alert>
      )}
      {stage === 'waiting' && <Alert kind="info">{ESIGN_MESSAGES.notYourTurn}</Alert>}
      {stage === 'closed' && view.envelopeStatus !== 'sent' && (
        <Alert kind="warning" title="This document can no longer be signed">
          {CLOSED_ENVELOPE_MESSAGE[view.envelopeStatus]}
        </Alert>
      )}
    </div>
  );
}
