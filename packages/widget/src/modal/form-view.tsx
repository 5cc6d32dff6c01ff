// The form view (SPEC §2.5 step 5): loads form 52 and the entry prefill, submits the permit request,
// then tells the host (permit-lookup:submitted), which sends the user to the success page. When the
// pre-filing gate refuses (422 GATE_BLOCKED: the company lacks a credential for the work dates), it lists
// each missing item with a link to add or renew it in the vault, and offers to submit anyway.
import { Suspense, useEffect, useState } from 'react';
import type { ApiRequestError } from '@permitdesk/core/client';
import type { FormDefinition, PermitFormEntry } from '@permitdesk/core';
import type { Answers } from '../form-engine/answers.js';
import { FormStep } from '../steps/form-step.js';
import type { SubmittedDetail } from '../types.js';
import { eager } from './eager.js';
import { siteUrl } from './site-url.js';
import { Styled } from './styled.js';
import type { ViewProps } from './view-props.js';

const GateNotice = eager(() => import('./gate-notice.js').then((m) => m.GateNotice));

// An ApiRequestError is an Error: no need to import its class here (its module would become a chunk of its
// own, shared with the runtime's; widget size budget).
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong!');

export function FormBody({ runtime, options, start, onSubmitted }: ViewProps & { onSubmitted(detail: SubmittedDetail): void }) {
  const [form, setForm] = useState<{ definition: FormDefinition; entry: PermitFormEntry } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The answers the gate refused and what it found missing (kind.n → why).
  const [gate, setGate] = useState<[Answers, Record<string, string>] | null>(null);

  useEffect(() => {
    let live = true;
    runtime.loadForm().then(
      (loaded) => {
        // A customer the host knows (a linked platform project) fills Customer Name when the entry has none
        // (the entry is fetched for this view: changing it touches nothing else).
        loaded.entry.CustomerName ||= start?.customerName;
        if (live) setForm(loaded);
      },
      (failure: unknown) => live && setError(messageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, [runtime, start?.customerName]);

  const submit = async (answers: Answers, acknowledged?: boolean) => {
    if (!form) return;
    setBusy(true);
    setError(null);
    setGate(null);
    try {
      const result = await runtime.submitForm(form.entry, answers, acknowledged);
      runtime.flow.getState().formSubmitted();
      onSubmitted({
        session: result.session,
        permitId: result.permitId,
        projectId: result.projectId,
        successUrl: await runtime.handOff(runtime.successUrl(result.session)),
      });
    } catch (failure) {
      setError(messageOf(failure));
      const refused = failure as Partial<ApiRequestError> | null;
      if (refused?.code === 'GATE_BLOCKED') setGate([answers, refused.body?.fields ?? {}]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Styled nonce={options.nonce}>
      <FormStep definition={form?.definition ?? null} entry={form?.entry ?? null} busy={busy} error={error} onSubmit={submit}>
        {gate ? (
          // Its own chunk, fetched only when the gate refuses (widget size budget: not on the way to the form).
          <Suspense fallback={null}>
            <GateNotice href={(path) => siteUrl(runtime.apiBase, path)} missing={gate[1]} onAcknowledge={() => submit(gate[0], true)} />
          </Suspense>
        ) : null}
      </FormStep>
    </Styled>
  );
}
