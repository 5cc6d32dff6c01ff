// /ops/templates (service admins): the stage message templates the desk pre-fills a stage change with.
// Each is edited with a live preview (core's fillTemplate with sample values); placeholders no template
// fills are named, since they would reach the customer as written.
import { fillTemplate, TEMPLATE_PLACEHOLDERS, unknownPlaceholders, type StageTemplate } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useId, useState } from 'react';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { StaffGate } from '../staff-gate.js';
import './desk.css';

const SAMPLE = {
  customerName: 'Hannah Homeowner',
  municipality: 'City of Springfield',
  taskName: 'Water Heater',
  permitNumber: 'BP-2026-0042',
  operatorName: 'Olga Operator',
};

function TemplateEditor({ template, onSaved }: { template: StageTemplate; onSaved: (saved: StageTemplate) => void }) {
  const id = useId();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const unknown = unknownPlaceholders(`${subject} ${body}`);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await api.opsDesk.updateTemplate({ params: { stage: template.stage }, body: { subject, body }, silent: true });
      onSaved(saved);
      setMessage({ kind: 'success', text: 'Saved.' });
    } catch (error) {
      setMessage({ kind: 'error', text: isApiRequestError(error) ? error.message : 'The template could not be saved.' });
    } finally {
      setBusy(false);
    }
  };
  const values = { ...SAMPLE, stageName: template.stageName };
  return (
    <section className="card desk-section" aria-labelledby={`${id}-title`}>
      <h2 className="desk-section__title" id={`${id}-title`}>
        {template.stageName}
      </h2>
      <form className="desk-form" noValidate onSubmit={(event) => void save(event)}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-subject`}>
            Subject
          </label>
          <input id={`${id}-subject`} className="field__input" maxLength={200} value={subject} onChange={(event) => setSubject(event.currentTarget.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-body`}>
            Message
          </label>
          <textarea id={`${id}-body`} className="field__input desk-textarea" maxLength={1000} value={body} onChange={(event) => setBody(event.currentTarget.value)} />
        </div>
        <p className="field__hint">
          <strong>Preview:</strong> {fillTemplate(body, values)}
        </p>
        {unknown.length > 0 && (
          <p className="field__error">Not a placeholder, sent as written: {unknown.map((name) => `{${name}}`).join(', ')}</p>
        )}
        {message && (
          <p className={message.kind === 'error' ? 'field__error' : 'field__hint'} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
        <button type="submit" className="btn btn--sm" disabled={busy}>
          Save<span className="visually-hidden"> the {template.stageName} template</span>
        </button>
      </form>
    </section>
  );
}

function Templates() {
  const templates = useQuery({ queryKey: queryKeys.ops.templates, queryFn: ({ signal }) => api.opsDesk.templates({ signal, silent: true }) });
  if (templates.error !== undefined) return <Unavailable error={templates.error} fallback="The templates could not be loaded." />;
  if (!templates.data) return <Spinner label="Loading the templates" />;
  const list = templates.data;
  return (
    <>
      <p>
        Placeholders:{' '}
        {Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, meaning], index) => (
          <span key={name}>
            {index > 0 && ', '}
            <code title={meaning}>{`{${name}}`}</code>
          </span>
        ))}
        . A placeholder without a value stays visible in the desk, so the operator fills it in.
      </p>
      <div className="desk-grid">
        {list.map((template) => (
          <TemplateEditor key={template.stage} template={template} onSaved={(saved) => templates.set(list.map((t) => (t.stage === saved.stage ? saved : t)))} />
        ))}
      </div>
    </>
  );
}

export default function TemplatesPage() {
  return (
    <div className="container desk-page">
      <h1>Stage message templates</h1>
      <StaffGate adminOnly>
        <Templates />
      </StaffGate>
    </div>
  );
}
