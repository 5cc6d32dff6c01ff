// The form engine: renders any form definition (52 in the widget; 31 and 50 in the dashboard) from its
// fields as data, prefilled from the entry data, checks the answers and hands them to onSubmit.
import { useMemo, useState, type ReactNode } from 'react';
import { checkFormAnswer, normalizeFormAnswers, validateFormAnswers, type FormDefinition, type PermitFormEntry } from '@permitdesk/core';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { initialAnswers, type Answers } from './answers.js';
import { FormFieldView } from './form-field.js';

export interface FormRendererProps {
  definition: FormDefinition;
  entry: Partial<PermitFormEntry> | null;
  onSubmit(answers: Answers): void;
  busy?: boolean;
  error?: string | null;
  /** Extra buttons beside submit (e.g. Back or Cancel). */
  secondary?: ReactNode;
}

export function FormRenderer({ definition, entry, onSubmit, busy, error, secondary }: FormRendererProps) {
  const start = useMemo(() => initialAnswers(definition, entry), [definition, entry]);
  const [answers, setAnswers] = useState<Answers>(start);
  const [shown, setShown] = useState<Record<string, boolean>>({});
  return (
    <form
      className="pd-form"
      noValidate
      aria-label={definition.title}
      onSubmit={(event) => {
        event.preventDefault();
        const errors = validateFormAnswers(definition, answers);
        setShown(Object.fromEntries(definition.fields.map((field) => [field.name, true])));
        if (Object.keys(errors).length === 0) onSubmit(normalizeFormAnswers(definition, answers));
      }}
    >
      {definition.fields.map((field) => (
        <FormFieldView
          key={field.name}
          field={field}
          value={answers[field.name] ?? null}
          error={shown[field.name] ? checkFormAnswer(field, answers[field.name]) : null}
          onValue={(value) => setAnswers((current) => ({ ...current, [field.name]: value }))}
          onBlur={() => setShown((current) => ({ ...current, [field.name]: true }))}
          disabled={busy}
        />
      ))}
      {error ? <Alert kind="error">{error}</Alert> : null}
      <div className="pd-actions">
        {secondary}
        <Button type="submit" busy={busy}>
          {definition.submitLabel}
        </Button>
      </div>
    </form>
  );
}
