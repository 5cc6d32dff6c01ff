// Move the permit to another stage with a message: picking the stage pre-fills the message from its
// template (core's fillTemplate, the server's rule too), the operator may edit it, and it is sent with
// the version the desk shows (a permit changed meanwhile answers 409).
import { fillTemplate, PERMIT_STAGES, stageName, type PermitDesk, type StageTemplate, type TemplateValues } from '@permitdesk/core';
import { useId, useState } from 'react';
import { api } from '../../../session/api.js';
import type { RunChange } from './desk-action.js';

export interface StagePanelProps {
  desk: PermitDesk;
  templates: readonly StageTemplate[];
  operatorName: string;
  run: RunChange;
}

export const templateValues = (desk: PermitDesk, stage: number, operatorName: string): TemplateValues => ({
  customerName: desk.permit.customerName,
  municipality: desk.permit.municipalityName,
  taskName: desk.permit.taskName,
  permitNumber: desk.permit.permitNumber,
  stageName: stageName(stage),
  operatorName,
});

export function StagePanel({ desk, templates, operatorName, run }: StagePanelProps) {
  const stageId = useId();
  const messageId = useId();
  const current = desk.permit.stage;
  const [stage, setStage] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = (value: string) => {
    const next = value === '' ? null : Number(value);
    setStage(next);
    setError(null);
    const template = templates.find((t) => t.stage === next);
    setMessage(next !== null && template ? fillTemplate(template.body, templateValues(desk, next, operatorName)) : '');
  };
  const leftOver = /\{\w+\}/.test(message);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (stage === null) {
      setError('Choose the stage to move the permit to.');
      return;
    }
    setBusy(true);
    const failure = await run(() =>
      api.operator.changeStage({ params: { id: desk.permit.id }, body: { stage, note: message.trim() || null, version: desk.version }, silent: true }),
    );
    setBusy(false);
    setError(failure);
    if (!failure) {
      setStage(null);
      setMessage('');
    }
  };

  return (
    <form className="desk-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Move stage">
      <p className="desk-stage-now">
        Now: <strong>{stageName(current)}</strong>
      </p>
      <div className="field">
        <label className="field__label" htmlFor={stageId}>
          Move to
        </label>
        <select id={stageId} className="field__input" value={stage ?? ''} onChange={(event) => pick(event.currentTarget.value)}>
          <option value="">Choose a stage</option>
          {PERMIT_STAGES.filter((entry) => entry.stage !== current).map((entry) => (
            <option key={entry.stage} value={entry.stage}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          Message to the customer
        </label>
        <textarea id={messageId} className="field__input desk-textarea" rows={5} maxLength={1000} value={message} onChange={(event) => setMessage(event.currentTarget.value)} aria-describedby={`${messageId}-hint`} />
        <p className="field__hint" id={`${messageId}-hint`}>
          {leftOver ? 'Some placeholders have no value yet (shown in braces): fill them in before sending.' : 'Shown on the timeline and sent by mail (unless the customer turned stage mails off).'}
        </p>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? 'Moving…' : 'Move stage'}
      </button>
    </form>
  );
}
