// A project's assignments (SPEC §3, §6): each with its access level (changeable), the main owner by
// core's rule, a Remove button (with a confirm) where core's assignmentRemoval allows it, and a form to
// add a company, a user or a vendor with an access level. Readers below editor see the list only.
import { ACCESS_LEVELS, assignmentRemoval, mainOwnerAssignment, usableCompanies, type AccessLevel, type ProjectAssignment } from '@permitdesk/core';
import { useModals } from '../../ui/generic-modals.js';
import { notify } from '../../ui/notify.js';
import { useId, useMemo, useState } from 'react';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { accessLevelLabel } from '../radar/permit-facts.js';

type AssigneeKind = 'Company' | 'User' | 'Vendor';
const KINDS: readonly AssigneeKind[] = ['Company', 'User', 'Vendor'];
interface Candidate {
  id: string;
  name: string;
}

/** Who can be assigned, by kind: the user's companies, the current company's users, its vendors. */
function useCandidates(kind: AssigneeKind): { items: Candidate[]; loading: boolean } {
  const permissions = useAuth((s) => s.user?.permissions);
  const companyId = useAuth((s) => s.currentCompanyId);
  const me = useAuth((s) => s.user);
  const companies = useMemo(() => usableCompanies(permissions).map((c) => ({ id: c.id, name: c.name })), [permissions]);
  const remote = useQuery<Candidate[]>({
    queryKey: kind === 'Company' ? null : queryKeys.assignees(kind, companyId ?? 'personal'),
    queryFn: async ({ signal }) => {
      if (kind === 'User') {
        if (!companyId) return me ? [{ id: me.sub, name: me.name }] : [];
        const { roles } = await api.companies.roles({ params: { id: companyId }, signal, silent: true });
        return roles.filter((role) => role.active).map((role) => ({ id: role.userId, name: `${role.name} (${role.email})` }));
      }
      const vendors = companyId
        ? await api.companies.vendors({ params: { id: companyId }, signal, silent: true })
        : await api.companies.individualVendors({ signal, silent: true });
      return vendors.map((link) => ({ id: String(link.vendor.id), name: link.vendor.name }));
    },
  });
  if (kind === 'Company') return { items: companies, loading: false };
  return { items: remote.data ?? [], loading: remote.loading };
}

export interface AssignmentsPanelProps {
  projectId: number;
  assignments: readonly ProjectAssignment[];
  onChange: (assignments: ProjectAssignment[]) => void;
  /** The caller's level when they may change assignments (editor or owner); null: the list is read-only. */
  actorLevel: AccessLevel | null;
}

export function AssignmentsPanel({ projectId, assignments, onChange, actorLevel }: AssignmentsPanelProps) {
  const modals = useModals();
  const ids = { kind: useId(), who: useId(), level: useId() };
  const [kind, setKind] = useState<AssigneeKind>('Company');
  const [assignee, setAssignee] = useState('');
  const [level, setLevel] = useState<AccessLevel>('editor');
  const [busy, setBusy] = useState(false);
  const candidates = useCandidates(kind);
  const visible = assignments.filter((a) => a.assigneeType !== 'Project');
  const mainOwner = mainOwnerAssignment(visible);

  const changeLevel = async (assignment: ProjectAssignment, accessLevel: AccessLevel) => {
    setBusy(true);
    try {
      const updated = await api.projects.updateAssignments({ body: { projectId, assignments: [{ id: assignment.id, accessLevel }] } });
      const byId = new Map(updated.map((a) => [a.id, a]));
      onChange(assignments.map((a) => byId.get(a.id) ?? a));
    } catch {
      // The global error handler shows the server's message.
    } finally {
      setBusy(false);
    }
  };
  const remove = async (assignment: ProjectAssignment) => {
    const sure = await modals.confirm({ title: 'Remove this assignment?', message: `${assignment.assignName} will lose access to this project at once and will be told by e-mail.` });
    if (!sure) return;
    setBusy(true);
    try {
      await api.projects.removeAssignment({ params: { id: projectId, assignmentId: assignment.id } });
      onChange(assignments.filter((a) => a.id !== assignment.id));
      notify('success', `${assignment.assignName} was removed from the project.`);
    } catch {
      // The global error handler shows the server's message.
    } finally {
      setBusy(false);
    }
  };
  const add = async () => {
    if (!assignee) return;
    setBusy(true);
    try {
      const created = await api.projects.addAssignment({
        params: { id: projectId },
        body: { projectId, postData: { accessLevel: level, assigneeType: kind, assigneeId: assignee } },
      });
      onChange([...assignments, created]);
      setAssignee('');
    } catch {
      // Reported by the global error handler.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="assignments-panel">
      {visible.length === 0 ? (
        <p className="muted">Nobody is assigned yet.</p>
      ) : (
        <ul className="assignments" aria-label="Assignments">
          {visible.map((assignment) => (
            <li key={assignment.id} className="assignments__item">
              <span className="assignments__name">{assignment.assignName}</span>
              <span className="muted">{assignment.assigneeType}</span>
              {mainOwner?.id === assignment.id && <span className="pill pill--owner">Main owner</span>}
              {actorLevel === null ? (
                <span className="muted assignments__level">{accessLevelLabel(assignment.accessLevel)}</span>
              ) : (
                <select
                  className="field__input field__input--sm assignments__level"
                  aria-label={`Access level of ${assignment.assignName}`}
                  value={assignment.accessLevel}
                  disabled={busy}
                  onChange={(event) => void changeLevel(assignment, event.currentTarget.value as AccessLevel)}
                >
                  {ACCESS_LEVELS.map((option) => (
                    <option key={option} value={option}>
                      {accessLevelLabel(option)}
                    </option>
                  ))}
                </select>
              )}
              {assignmentRemoval(actorLevel, assignment, mainOwner) === 'ok' && (
                <button type="button" className="btn btn--sm btn--ghost" disabled={busy} onClick={() => void remove(assignment)} aria-label={`Remove ${assignment.assignName}`}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {actorLevel !== null && (
        <form
          className="assignments-panel__add"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={ids.kind}>
              Assign a
            </label>
            <select
              id={ids.kind}
              className="field__input"
              value={kind}
              onChange={(event) => {
                setKind(event.currentTarget.value as AssigneeKind);
                setAssignee('');
              }}
            >
              {KINDS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.who}>
              {kind}
            </label>
            <select id={ids.who} className="field__input" value={assignee} onChange={(event) => setAssignee(event.currentTarget.value)}>
              <option value="">{candidates.loading ? 'Loading…' : candidates.items.length === 0 ? `No ${kind.toLowerCase()} to assign` : `Choose a ${kind.toLowerCase()}`}</option>
              {candidates.items.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.level}>
              Access level
            </label>
            <select id={ids.level} className="field__input" value={level} onChange={(event) => setLevel(event.currentTarget.value as AccessLevel)}>
              {ACCESS_LEVELS.map((option) => (
                <option key={option} value={option}>
                  {accessLevelLabel(option)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn--sm" disabled={busy || !assignee}>
            Add Assignment
          </button>
        </form>
      )}
    </div>
  );
}
