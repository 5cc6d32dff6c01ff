// The form engine: renders any form definition (52 in the widget; 31 and 50 in the dashboard) from its
// fields as data, prefilled from the entry data, checks the answers and hands them to onSubmit.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { applicableForm, checkFormAnswer, formAnswerMessages, normalizeFormAnswers, validateFormAnswers, type FormDefinition, type PermitFormEntry } from '@permitdesk/core';
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

export function FormRenderer({ definition: full, entry, onSubmit, busy, error, secondary }: FormRendererProps) {
  // The fields this applicant is asked (a homeowner is not asked for contractor licenses).
  const definition = useMemo(() => applicableForm(full, entry?.ApplicantType), [full, entry?.ApplicantType]);
  const start = useMemo(() => initialAnswers(definition, entry), [definition, entry]);
  const [answers, setAnswers] = useState<Answers>(start);
  const [shown, setShown] = useState<Record<string, boolean>>({});
  // A held-back submission: how many fields failed (announced), and each attempt moves focus again.
  const [held, setHeld] = useState<{ errors: number } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!held) return;
    // Focus brings the field into view, in the modal's scroll box as on a page.
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [held]);
  return (
    <form
      ref={form}
      className="pd-form"
      noValidate
      aria-label={definition.title}
      onSubmit={(event) => {
        event.preventDefault();
        const errors = Object.keys(validateFormAnswers(definition, answers)).length;
        setShown(Object.fromEntries(definition.fields.map((field) => [field.name, true])));
        setHeld(errors > 0 ? { errors } : null);
        if (errors === 0) onSubmit(normalizeFormAnswers(definition, answers));
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
      <p className="pd-sr" role="status">
        {held ? formAnswerMessages.count(held.errors) : ''}
      </p>
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
