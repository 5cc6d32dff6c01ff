// The permit request form (SPEC §2.5 step 5): form 52 rendered by the form engine from its definition,
// prefilled with the entry data (license lookup included). Submitting creates the permit.
import type { ReactNode } from 'react';
import type { FormDefinition, PermitFormEntry } from '@permitdesk/core';
import { FormRenderer } from '../form-engine/form-renderer.js';
import type { Answers } from '../form-engine/answers.js';
import { Alert } from '../ui/alert.js';
import { Spinner } from '../ui/spinner.js';

export const NOT_THE_MUNICIPALITY = "Note: We are not the municipality, we interact with them so you don't have to :)";

export interface FormStepProps {
  definition: FormDefinition | null;
  entry: PermitFormEntry | null;
  busy: boolean;
  error?: string | null;
  onSubmit(answers: Answers): void;
  /** Shown under the form: what the pre-filing gate found missing. */
  children?: ReactNode;
}

export function FormStep({ definition, entry, busy, error, onSubmit, children }: FormStepProps) {
  if (!definition || !entry) {
    return error ? (
      <Alert kind="error">{error}</Alert>
    ) : (
      <div className="pd-center">
        <Spinner label="Loading the permit request form" />
      </div>
    );
  }
  return (
    <>
      <FormRenderer definition={definition} entry={entry} onSubmit={onSubmit} busy={busy} error={error} />
      {children}
      <p className="pd-note">{NOT_THE_MUNICIPALITY}</p>
    </>
  );
}
