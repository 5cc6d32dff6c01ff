// /companies/:id/webhooks (owner or administrator, issue 14): the company's webhook subscriptions. Create
// one (the signing secret is shown once), delete one, and read each one's delivery log: every attempt's
// response code, duration and error, with Replay.
import { WEBHOOK_EVENTS, type Webhook, type WebhookCreated, type WebhookDelivery, type WebhookEventType } from '@permitdesk/core';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../../../data/query-keys.js';
import { useAction } from '../../../data/use-action.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Alert } from '../../../ui/alert.js';
import { notify } from '../../../ui/notify.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import './company-webhooks-page.css';

const message = (error: unknown) => (error instanceof Error && error.message ? error.message : 'An error occurred');
const when = (value: string | null) => (value ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' }) : '—');

function CreateForm({ companyId, onCreated }: { companyId: string; onCreated: (created: WebhookCreated) => void }) {
  const urlId = useId();
  const descriptionId = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['permit.created', 'permit.stage_changed']);
  const toggle = (event: WebhookEventType) => setEvents((list) => (list.includes(event) ? list.filter((e) => e !== event) : [...list, event]));
  const { run, busy, error } = useAction(async () => {
    onCreated(await api.webhooks.create({ params: { id: companyId }, body: { url, events, description: description || null }, silent: true }));
    setUrl('');
    setDescription('');
  }, message);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run();
  };
  return (
    <form className="card webhooks__create" onSubmit={submit} aria-label="Add a webhook">
      <h2>Add a webhook</h2>
      <label htmlFor={urlId}>Address (https://…)</label>
      <input id={urlId} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/permitdesk-events" />
      <label htmlFor={descriptionId}>Description (optional)</label>
      <input id={descriptionId} value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
      <fieldset>
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="webhooks__event">
            <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} /> <code>{event}</code>
          </label>
        ))}
      </fieldset>
      {error && <Alert kind="error">{error}</Alert>}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        Add webhook
      </button>
    </form>
  );
}

function SecretOnce({ created, onClose }: { created: WebhookCreated; onClose: () => void }) {
  return (
    <section className="card webhooks__secret" role="status" aria-label="Signing secret">
      <h2>Signing secret</h2>
      <p>
        Copy it now: it is shown only this once. Your receiver checks each request&apos;s <code>PermitDesk-Signature</code> with it.
      </p>
      <code className="webhooks__secret-value">{created.secret}</code>
      <button type="button" className="btn btn--sm" onClick={onClose}>
        I have copied it
      </button>
    </section>
  );
}

function Deliveries({ companyId, webhook }: { companyId: string; webhook: Webhook }) {
  const deliveries = useQuery({
    queryKey: queryKeys.webhookDeliveries(companyId, webhook.id),
    queryFn: ({ signal }) => api.webhooks.deliveries({ params: { id: companyId, wid: webhook.id }, signal, silent: true }),
  });
  const replay = async (delivery: WebhookDelivery) => {
    try {
      await api.webhooks.replay({ params: { id: companyId, wid: webhook.id, did: delivery.id }, silent: true });
      notify('success', 'The delivery will be sent again.');
      deliveries.reload();
    } catch (failure) {
      notify('error', message(failure));
    }
  };
  if (deliveries.error !== undefined) return <Unavailable error={deliveries.error} fallback="The delivery log could not be loaded." />;
  if (!deliveries.data) return <Spinner label="Loading the deliveries" />;
  if (deliveries.data.length === 0) return <p className="muted">No deliveries yet.</p>;
  return (
    <table className="webhooks__log">
      <caption>Delivery log</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts (code, time)</th>
          <th scope="col">Last error</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((delivery) => (
          <tr key={delivery.id}>
            <td>
              <code>{delivery.eventType}</code>
              <div className="muted">{when(delivery.createdAt)}</div>
            </td>
            <td>
              <span className={`webhooks__status webhooks__status--${delivery.status}`}>{delivery.status}</span>
            </td>
            <td>
              <ol className="webhooks__attempts">
                {delivery.log.map((attempt, index) => (
                  <li key={index} title={when(attempt.attemptedAt)}>
                    <span className={attempt.statusCode !== null && attempt.statusCode < 300 ? 'webhooks__code--ok' : 'webhooks__code--bad'}>{attempt.statusCode ?? 'no answer'}</span> · {attempt.durationMs} ms
                  </li>
                ))}
              </ol>
            </td>
            <td className="webhooks__error">{delivery.lastError ?? ''}</td>
            <td>
              {delivery.status !== 'pending' && (
                <button type="button" className="btn btn--sm" onClick={() => void replay(delivery)} aria-label={`Replay ${delivery.eventType} delivery ${delivery.id}`}>
                  Replay
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WebhookCard({ companyId, webhook, onDeleted }: { companyId: string; webhook: Webhook; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!window.confirm(`Delete the webhook to ${webhook.url}? Its delivery log goes with it.`)) return;
    setBusy(true);
    try {
      await api.webhooks.remove({ params: { id: companyId, wid: webhook.id }, silent: true });
      notify('success', 'Webhook deleted.');
      onDeleted();
    } catch (failure) {
      notify('error', message(failure));
      setBusy(false);
    }
  };
  return (
    <li className="card webhooks__item">
      <div className="webhooks__head">
        <div>
          <strong className="webhooks__url">{webhook.url}</strong>
          {webhook.description && <div className="muted">{webhook.description}</div>}
          <div className="webhooks__events">
            {webhook.events.map((event) => (
              <code key={event}>{event}</code>
            ))}
          </div>
        </div>
        <div className="webhooks__actions">
          <button type="button" className="btn btn--sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </button>
          <button type="button" className="btn btn--sm btn--ghost" disabled={busy} onClick={() => void remove()} aria-label={`Delete the webhook to ${webhook.url}`}>
            Delete
          </button>
        </div>
      </div>
      {open && <Deliveries companyId={companyId} webhook={webhook} />}
    </li>
  );
}

export default function CompanyWebhooksPage() {
  const { id = '' } = useParams();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const webhooks = useQuery({
    queryKey: queryKeys.webhooks(id),
    queryFn: ({ signal }) => api.webhooks.list({ params: { id }, signal, silent: true }),
  });
  return (
    <section className="container page webhooks" aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <p className="muted">
        PermitDesk POSTs your company&apos;s events, signed, to the addresses below, and retries for 24 hours when they do not answer 2xx.{' '}
        <Link to={`/companies/${id}/profile`}>Back to the company profile</Link>
      </p>
      {created && <SecretOnce created={created} onClose={() => setCreated(null)} />}
      {webhooks.error !== undefined ? (
        <Unavailable error={webhooks.error} fallback="The webhooks could not be loaded." />
      ) : !webhooks.data ? (
        <Spinner label="Loading the webhooks" />
      ) : (
        <>
          {webhooks.data.length === 0 ? (
            <p className="card muted">No webhooks yet.</p>
          ) : (
            <ul className="webhooks__list">
              {webhooks.data.map((webhook) => (
                <WebhookCard key={webhook.id} companyId={id} webhook={webhook} onDeleted={() => webhooks.reload()} />
              ))}
            </ul>
          )}
          <CreateForm
            companyId={id}
            onCreated={(made) => {
              setCreated(made);
              webhooks.reload();
            }}
          />
        </>
      )}
    </section>
  );
}
