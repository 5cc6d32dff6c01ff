// The pre-filing gate in the dashboard (issue 16): before a contractor files (the new project's permits,
// the permit application of form 31) the server's read check says what the company lacks for the work,
// and why, with a link to add or renew it in the vault. Filing stays possible with the acknowledgement
// 'Submit anyway; the permit team will ask for it'; the server refuses it otherwise (422 GATE_BLOCKED).
import { GATE_MESSAGES, GATE_VAULT_PATHS, type GateCredentialKind, type GateMissing, type GateResult } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { Link } from 'react-router';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export interface GateQuestion {
  companyId: string | null;
  municipalityId: number | null | undefined;
  taskIds: readonly number[];
  /** The expected work dates (YYYY-MM-DD), when known: the vault is checked through them. */
  start?: string | undefined;
  end?: string | undefined;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOrNone = (value: string | undefined) => (value && ISO_DAY.test(value) ? value : undefined);

/** The read check for each task (none until a municipality and a task are chosen); kept with the vault's queries. */
export function useGate({ companyId, municipalityId, taskIds, start, end }: GateQuestion) {
  const dates = { ...(dayOrNone(start) ? { start: dayOrNone(start) } : {}), ...(dayOrNone(end) ? { end: dayOrNone(end) } : {}) };
  return useQuery<GateResult[]>({
    queryKey: municipalityId && taskIds.length > 0 ? ['compliance', 'gate', companyId ?? 'personal', municipalityId, taskIds.join(','), dates.start ?? '', dates.end ?? ''] : null,
    queryFn: ({ signal }) =>
      Promise.all(
        taskIds.map((taskId) =>
          api.gate.check({ query: { taskId, municipalityId: municipalityId!, ...(companyId ? { companyId } : {}), ...dates }, signal, silent: true }),
        ),
      ),
  });
}

/** Every missing item once, across the tasks. */
export const missingOf = (results: readonly GateResult[] | undefined): GateMissing[] => [
  ...new Map((results ?? []).flatMap((r) => r.missing).map((item) => [item.message, item])).values(),
];

/** The items of a refused submit (422 GATE_BLOCKED: fields 'license.0' → why), or null for another error. */
export function refusedItems(error: unknown): { kind: GateCredentialKind; message: string }[] | null {
  if (!isApiRequestError(error) || error.code !== 'GATE_BLOCKED') return null;
  return Object.entries(error.body?.fields ?? {}).map(([key, message]) => ({ kind: key.split('.')[0] as GateCredentialKind, message }));
}

export function GateNotice({
  items,
  acknowledged,
  onAcknowledged,
  disabled,
}: {
  items: readonly { kind: GateCredentialKind; message: string }[];
  acknowledged: boolean;
  onAcknowledged: (value: boolean) => void;
  disabled?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <div className="alert alert--warning gate-notice" role="alert" data-testid="gate-notice">
      <strong>{GATE_MESSAGES.blocked}</strong>
      <ul>
        {items.map((item) => (
          <li key={item.message}>
            {item.message} <Link to={GATE_VAULT_PATHS[item.kind] ?? '/compliance-center'}>Add or renew</Link>
          </li>
        ))}
      </ul>
      <label className="checkbox">
        <input type="checkbox" checked={acknowledged} disabled={disabled} onChange={(event) => onAcknowledged(event.currentTarget.checked)} />{' '}
        {GATE_MESSAGES.acknowledge}
      </label>
    </div>
  );
}
