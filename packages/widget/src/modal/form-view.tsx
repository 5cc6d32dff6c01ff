// The form view (SPEC §2.5 step 5): loads form 52 and the entry prefill, submits the permit request,
// then tells the host (permit-lookup:submitted), which sends the user to the success page.
import { useEffect, useState } from 'react';
import { isApiRequestError } from '@permitdesk/core/client';
import type { FormDefinition, PermitFormEntry } from '@permitdesk/core';
import { FormStep } from '../steps/form-step.js';
import type { SubmittedDetail } from '../types.js';
import { Styled } from './styled.js';
import type { ViewProps } from './view-props.js';

const messageOf = (error: unknown) => (isApiRequestError(error) || error instanceof Error ? error.message : 'Something went wrong!');

export function FormBody({ runtime, options, onSubmitted }: ViewProps & { onSubmitted(detail: SubmittedDetail): void }) {
  const [form, setForm] = useState<{ definition: FormDefinition; entry: PermitFormEntry } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    runtime.loadForm().then(
      (loaded) => live && setForm(loaded),
      (failure: unknown) => live && setError(messageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [runtime]);

  return (
    <Styled nonce={options.nonce}>
    <FormStep
      definition={form?.definition ?? null}
      entry={form?.entry ?? null}
      busy={busy}
      error={error}
      onSubmit={async (answers) => {
        if (!form) return;
        setBusy(true);
        setError(null);
        try {
          const result = await runtime.submitForm(form.entry, answers);
          runtime.flow.getState().formSubmitted();
          onSubmitted({
            session: result.session,
            permitId: result.permitId,
            projectId: result.projectId,
            successUrl: await runtime.handOff(runtime.successUrl(result.session)),
          });
        } catch (failure) {
          setError(messageOf(failure));
        } finally {
          setBusy(false);
        }
      }}
    />
    </Styled>
  );
}

