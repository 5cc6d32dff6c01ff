// The Cancellation Request modal (SPEC §2.8): form 50 in a modal with a static backdrop, a Close link
// and the footer note. Closing hands back the redirect URL: the permit's redirect URL, or the radar
// search for the permit's address.
import { FORM_IDS, formChoices, radarAddressUrl, type ProjectSearchRow } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { FormRenderer, type Answers } from '@permitdesk/widget';
import { useState } from 'react';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useAction } from '../../data/use-action.js';
import { useQuery } from '../../data/use-query.js';
import { useQueryClient } from '../../data/query-provider.js';
import { api } from '../../session/api.js';
import { Modal } from '../../ui/modal.js';
import { Spinner } from '../../ui/spinner.js';
import { NOT_THE_MUNICIPALITY_NOTE } from './radar-messages.js';

type CancellationRow = Pick<ProjectSearchRow, 'id' | 'permitRedirectURL' | 'projectAddress' | 'taskName' | 'customerName'>;

export const CANCELLATION_TITLE = 'Cancellation Request';
export const CANCELLATION_SENT = 'Your cancellation request has been sent to the permit team.';
/** Form 50 mails its requester the cancellation document to sign (e-signature); the team approves once it is signed. */
export const CANCELLATION_SIGN = 'We have e-mailed you the cancellation document to sign; the permit team confirms the cancellation once it is signed.';
const FORM_ID = String(FORM_IDS.cancellation) as '50';

/** Where closing the modal leads (SPEC §2.8). */
export const cancellationRedirectUrl = (row: Pick<CancellationRow, 'permitRedirectURL' | 'projectAddress'>): string =>
  row.permitRedirectURL && row.permitRedirectURL.trim() ? row.permitRedirectURL : radarAddressUrl(row.projectAddress);

export interface CancellationModalProps {
  row: CancellationRow;
  /** Called with the redirect URL, and whether a request was sent. */
  onClose: (redirectUrl: string, submitted: boolean) => void;
}

export function CancellationModal({ row, onClose }: CancellationModalProps) {
  const [sent, setSent] = useState(false);
  const client = useQueryClient();
  const definition = useQuery({
    queryKey: queryKeys.forms.definition(FORM_ID),
    queryFn: ({ signal }) => api.forms.definition({ params: { formId: FORM_ID }, signal }),
    staleTime: FOR_SESSION,
  });
  const entry = useQuery({
    queryKey: queryKeys.forms.entries(FORM_ID, row.id),
    queryFn: ({ signal }) => api.forms.entryData({ params: { formId: FORM_ID }, query: { permitId: row.id }, signal }),
  });

  const { run, busy, error } = useAction(
    async (data: NonNullable<typeof entry.data>, answers: Answers) => {
      await api.forms.submit({ params: { formId: FORM_ID }, body: { formId: FORM_IDS.cancellation, ...formChoices(data), answers }, silent: true });
      setSent(true);
      // The row now has a cancellation request: its status is asked again.
      client.invalidateQueries({ queryKey: queryKeys.permits.cancellation(row.id) });
    },
    (failure) => (isApiRequestError(failure) ? failure.message : 'The request could not be sent.'),
  );
  const submit = async (answers: Answers) => {
    if (!entry.data) return;
    await run(entry.data, answers);
  };

  const failed = definition.error ?? entry.error;
  return (
    <Modal
      open
      wide
      staticBackdrop
      title={CANCELLATION_TITLE}
      closeLabel="Close"
      onClose={() => onClose(cancellationRedirectUrl(row), sent)}
      footer={<p className="form-modal__note">{NOT_THE_MUNICIPALITY_NOTE}</p>}
    >
      <div className="form-modal" data-form-id={FORM_ID}>
        <p className="muted form-modal__subject">
          {row.taskName} · {row.customerName} · {row.projectAddress}
        </p>
        {sent ? (
          <div className="alert alert--success" role="status">
            <p>{CANCELLATION_SENT}</p>
            <p>{CANCELLATION_SIGN}</p>
          </div>
        ) : failed ? (
          <p className="alert alert--error" role="alert">
            {failed instanceof Error ? failed.message : 'The cancellation form could not be loaded.'}
          </p>
        ) : definition.data && entry.data ? (
          <FormRenderer definition={definition.data} entry={entry.data} onSubmit={(answers) => void submit(answers)} busy={busy} error={error} />
        ) : (
          <div className="form-modal__loading">
            <Spinner large label="Loading the cancellation form" />
          </div>
        )}
      </div>
    </Modal>
  );
}
