// E-signature envelopes of a permit or a company (issue 13): each envelope's status and each signer's,
// the send dialog (a PDF, or on a permit the cancellation template, to signers in order), void, remind,
// and the signed PDF's download (SPEC's GET /v4/documents-esign/download/{id}).
import { DATE_FORMATS, ENVELOPE_STATUS_LABELS, ESIGN_LIMITS, ESIGN_MESSAGES, formatDate, SIGNER_STATUS_LABELS, type Envelope } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useState, type FormEvent } from 'react';
import { queryKeys } from '../../data/query-keys.js';
import { useAction } from '../../data/use-action.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Modal } from '../../ui/modal.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import './esign.css';

export type EnvelopeScope = { permitId: number; companyId?: undefined } | { companyId: number; permitId?: undefined };

const keyOf = (scope: EnvelopeScope) => (scope.permitId !== undefined ? queryKeys.esign.ofPermit(scope.permitId) : queryKeys.esign.ofCompany(String(scope.companyId)));

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function SendDialog({ scope, onClose, onSent }: { scope: EnvelopeScope; onClose: () => void; onSent: () => void }) {
  const [title, setTitle] = useState(scope.permitId !== undefined ? `Cancellation request for permit ${scope.permitId}` : '');
  const [source, setSource] = useState<'pdf' | 'template'>(scope.permitId !== undefined ? 'template' : 'pdf');
  const [file, setFile] = useState<File | null>(null);
  const [signers, setSigners] = useState([{ name: '', email: '' }]);
  const [days, setDays] = useState(String(ESIGN_LIMITS.defaultExpiryDays));
  const { run, busy, error, setError } = useAction(
    async (pdf: File | null) => {
      await api.esign.send({
        body: {
          ...(scope.permitId !== undefined ? { permitId: scope.permitId } : { companyId: scope.companyId }),
          title,
          source: source === 'template' ? { kind: 'template', template: 'cancellation' } : { kind: 'pdf', fileName: pdf!.name, pdfBase64: await base64Of(pdf!) },
          signers,
          expiresInDays: Number(days),
        },
        silent: true,
      });
      notify('success', 'Sent for signature', `${signers[0]?.name} is invited to sign first.`);
      onSent();
    },
    (e) => (isApiRequestError(e) ? e.message : 'The document could not be sent.'),
  );
  const setSigner = (index: number, field: 'name' | 'email', value: string) => setSigners(signers.map((s, i) => (i === index ? { ...s, [field]: value } : s)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (source === 'pdf' && !file) return setError('Choose the PDF to sign.');
    if (file && file.size > ESIGN_LIMITS.pdfBytes) return setError(ESIGN_MESSAGES.pdfTooLarge);
    await run(file);
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="envelopes__form">
      {error && <Alert kind="error">{error}</Alert>}
      <label className="field">
        <span className="field__label">Title</span>
        <input className="field__input" name="title" required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      {scope.permitId !== undefined && (
        <fieldset className="field">
          <legend className="field__label">Document</legend>
          <label>
            <input type="radio" name="source" checked={source === 'template'} onChange={() => setSource('template')} /> The permit&apos;s cancellation request (form 50)
          </label>
          <label>
            <input type="radio" name="source" checked={source === 'pdf'} onChange={() => setSource('pdf')} /> A PDF
          </label>
        </fieldset>
      )}
      {source === 'pdf' && (
        <label className="field">
          <span className="field__label">PDF (up to 700,000 bytes)</span>
          <input className="field__input" type="file" name="pdf" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
      )}
      <fieldset className="field">
        <legend className="field__label">Signers, in signing order</legend>
        {signers.map((s, i) => (
          <div key={i} className="envelopes__signer-row">
            <span>{i + 1}.</span>
            <input className="field__input" aria-label={`Signer ${i + 1} name`} required placeholder="Full name" value={s.name} onChange={(e) => setSigner(i, 'name', e.target.value)} />
            <input className="field__input" aria-label={`Signer ${i + 1} email`} required type="email" placeholder="Email Address" value={s.email} onChange={(e) => setSigner(i, 'email', e.target.value)} />
            {signers.length > 1 && (
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => setSigners(signers.filter((_, j) => j !== i))} aria-label={`Remove signer ${i + 1}`}>
                Remove
              </button>
            )}
          </div>
        ))}
        {signers.length < ESIGN_LIMITS.signers && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setSigners([...signers, { name: '', email: '' }])}>
            Add a signer
          </button>
        )}
      </fieldset>
      <label className="field">
        <span className="field__label">Expires after (days)</span>
        <input className="field__input" type="number" name="days" min={1} max={ESIGN_LIMITS.expiryDays} value={days} onChange={(e) => setDays(e.target.value)} />
      </label>
      <div className="signing__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? <Spinner label="Sending" /> : 'Send for signature'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}

async function download(envelope: Envelope) {
  const { url } = await api.integrations.esignDownload({ params: { id: envelope.id } });
  window.open(url, '_blank', 'noopener');
}

export function EnvelopesPanel({ scope, canSend }: { scope: EnvelopeScope; canSend: boolean }) {
  const [sending, setSending] = useState(false);
  const list = useQuery({
    queryKey: keyOf(scope),
    queryFn: ({ signal }) =>
      api.esign.list({ query: scope.permitId !== undefined ? { permitId: String(scope.permitId) } : { companyId: String(scope.companyId) }, signal, silent: true }),
  });
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify('success', done);
    } catch (e) {
      notify('error', 'That did not work', isApiRequestError(e) ? e.message : undefined);
    }
    list.reload();
  };
  const envelopes = list.data ?? [];
  return (
    <div className="envelopes">
      {list.loading && !list.data ? (
        <Spinner label="Loading signatures" />
      ) : envelopes.length === 0 ? (
        <p className="muted">No documents sent for signature yet.</p>
      ) : (
        <ul className="documents__list" aria-label="Documents sent for signature">
          {envelopes.map((e) => (
            <li key={e.id} className="documents__item envelopes__item" data-status={e.status}>
              <div>
                <strong>{e.title}</strong> <span className={`status-pill status-pill--${e.status === 'completed' ? 'valid' : e.status === 'sent' ? 'expiring' : 'muted'}`}>{ENVELOPE_STATUS_LABELS[e.status]}</span>
                <div className="muted">
                  Sent {formatDate(e.createdAt, DATE_FORMATS.date)} · expires {formatDate(e.expiresAt, DATE_FORMATS.date)}
                </div>
                <ol className="envelopes__signers">
                  {e.signers.map((s) => (
                    <li key={s.position}>
                      {s.name} ({s.email}) — {s.locked ? 'Locked (too many wrong passcodes)' : SIGNER_STATUS_LABELS[s.status]}
                      {s.declineReason && `: “${s.declineReason}”`}
                    </li>
                  ))}
                </ol>
              </div>
              <div className="signing__actions">
                {e.status === 'completed' && (
                  <button type="button" className="btn btn--sm" onClick={() => void download(e).catch(() => undefined)}>
                    Download signed PDF
                  </button>
                )}
                {e.status === 'sent' && canSend && (
                  <>
                    <button type="button" className="btn btn--sm btn--ghost" onClick={() => void act(() => api.esign.remind({ params: { id: e.id }, silent: true }), 'Reminder sent')}>
                      Remind
                    </button>
                    <button type="button" className="btn btn--sm btn--ghost" onClick={() => void act(() => api.esign.void({ params: { id: e.id }, body: {}, silent: true }), 'Envelope voided')}>
                      Void
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {canSend && (
        <button type="button" className="btn" onClick={() => setSending(true)}>
          Send for signature
        </button>
      )}
      <Modal open={sending} title="Send for signature" onClose={() => setSending(false)} wide>
        {sending && (
          <SendDialog
            scope={scope}
            onClose={() => setSending(false)}
            onSent={() => {
              setSending(false);
              list.reload();
            }}
          />
        )}
      </Modal>
    </div>
  );
}
