// The permit page's 'Share status' panel (issue 16): the permit's editors (and the permit team) share the
// permit's status with the property owner as a /status/{token} link — shown once, right after it is made
// (only its SHA-256 is kept) — choose whether prices show, see who subscribed (confirmed or pending) and
// revoke a link at once.
import { DATE_FORMATS, formatDate, STATUS_SUBSCRIBER_LABELS, type StatusLink } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useState, type FormEvent } from 'react';
import { queryKeys } from '../../data/query-keys.js';
import { useAction } from '../../data/use-action.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import './status.css';

function NewLinkForm({ permitId, onCreated }: { permitId: number; onCreated: (url: string) => void }) {
  const [label, setLabel] = useState('');
  const [showPrices, setShowPrices] = useState(false);
  const { run, busy, error } = useAction(
    async () => {
      const created = await api.statusLinks.create({ params: { permitId: String(permitId) }, body: { label: label || null, showPrices }, silent: true });
      setLabel('');
      setShowPrices(false);
      onCreated(created.url);
    },
    (e) => (isApiRequestError(e) ? e.message : 'The link could not be created.'),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run();
  };
  return (
    <form className="share-status__form" onSubmit={(e) => void submit(e)}>
      {error && <Alert kind="error">{error}</Alert>}
      <label className="field">
        <span className="field__label">Who is it for? (optional)</span>
        <input className="field__input" name="label" maxLength={120} placeholder="e.g. the homeowner" value={label} onChange={(e) => setLabel(e.target.value)} />
      </label>
      <label>
        <input type="checkbox" name="showPrices" checked={showPrices} onChange={(e) => setShowPrices(e.target.checked)} /> Show prices (value of the work and fees)
      </label>
      <div>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? <Spinner label="Creating the link" /> : 'Share status'}
        </button>
      </div>
    </form>
  );
}

function LinkItem({ link, onRevoke }: { link: StatusLink; onRevoke: () => void }) {
  const confirmed = link.subscribers.filter((s) => s.state === 'confirmed').length;
  return (
    <li className="share-status__link" data-status={link.status}>
      <div>
        <strong>{link.label ?? 'Status link'}</strong>{' '}
        <span className={`status-pill status-pill--${link.status === 'active' ? 'valid' : 'muted'}`}>{link.status === 'active' ? 'Active' : 'Revoked'}</span>
      </div>
      <div className="muted">
        Shared {formatDate(link.createdAt, DATE_FORMATS.date)}
        {link.createdByName ? ` by ${link.createdByName}` : ''} · prices {link.showPrices ? 'shown' : 'hidden'} · {confirmed} subscribed
        {link.revokedAt ? ` · revoked ${formatDate(link.revokedAt, DATE_FORMATS.date)}` : ''}
      </div>
      {link.subscribers.length > 0 && (
        <ul className="share-status__subscribers" aria-label="Subscribers">
          {link.subscribers.map((s) => (
            <li key={s.id}>
              {s.email} — {STATUS_SUBSCRIBER_LABELS[s.state]}
            </li>
          ))}
        </ul>
      )}
      {link.status === 'active' && (
        <button type="button" className="btn btn--sm btn--ghost" onClick={onRevoke}>
          Revoke link
        </button>
      )}
    </li>
  );
}

export function ShareStatusPanel({ permitId }: { permitId: number }) {
  const [fresh, setFresh] = useState<string | null>(null);
  const list = useQuery({
    queryKey: queryKeys.statusLinks(permitId),
    queryFn: ({ signal }) => api.statusLinks.list({ params: { permitId: String(permitId) }, signal, silent: true }),
  });
  const revoke = async (link: StatusLink) => {
    try {
      await api.statusLinks.revoke({ params: { permitId: String(permitId), linkId: String(link.id) }, silent: true });
      notify('success', 'Link revoked', 'The status page no longer opens and its subscribers get no more e-mails.');
    } catch (e) {
      notify('error', 'That did not work', isApiRequestError(e) ? e.message : undefined);
    }
    list.reload();
  };
  const copy = async () => {
    if (!fresh) return;
    try {
      await navigator.clipboard.writeText(fresh);
      notify('success', 'Link copied');
    } catch {
      notify('info', 'Select the link and copy it');
    }
  };
  const links = list.data ?? [];
  return (
    <div className="share-status">
      <p className="muted">Give the property owner a page with this permit&apos;s progress: no account needed, nothing of your other work, prices only if you choose.</p>
      {fresh && (
        <Alert kind="info" title="Send this link to the owner">
          It is shown only now.
          <div className="share-status__url">
            <input className="field__input" readOnly aria-label="Status page link" value={fresh} onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn--sm" onClick={() => void copy()}>
              Copy
            </button>
          </div>
        </Alert>
      )}
      {list.loading && !list.data ? (
        <Spinner label="Loading status links" />
      ) : (
        links.length > 0 && (
          <ul className="share-status__links" aria-label="Status links">
            {links.map((link) => (
              <LinkItem key={link.id} link={link} onRevoke={() => void revoke(link)} />
            ))}
          </ul>
        )
      )}
      <NewLinkForm
        permitId={permitId}
        onCreated={(url) => {
          setFresh(url);
          list.reload();
        }}
      />
    </div>
  );
}
