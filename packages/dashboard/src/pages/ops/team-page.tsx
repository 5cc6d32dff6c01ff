// /ops/team (service admin): who is on the permit team, with their role; grant a role by e-mail, change
// it, revoke it (PUT /v4/operator/team, each change an audit entry); and any audit trail as CSV.
import { AUDIT_ENTITIES, STAFF_ROLES, type AuditEntityName, type StaffRole, type TeamMember } from '@permitdesk/core';
import { useId, useState, type FormEvent } from 'react';
import { queryKeys } from '../../data/query-keys.js';
import { useAction } from '../../data/use-action.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import { Unavailable } from '../../ui/unavailable.js';
import { StaffGate } from './staff-gate.js';
import './ops.css';

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = { operator: 'Operator', service_admin: 'Service admin' };
const message = (error: unknown) => (error instanceof Error && error.message ? error.message : 'An error occurred');

function GrantForm({ onDone }: { onDone: (team: TeamMember[]) => void }) {
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  const { run, busy, error } = useAction(async () => {
    onDone(await api.audit.setTeamRole({ body: { email, role }, silent: true }));
    notify('success', `${email} is now on the permit team (${ROLE_LABELS[role]}).`);
    setEmail('');
  }, message);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
  return (
    <form className="ops-team__grant card" onSubmit={submit} aria-label="Add to the permit team">
      <h2>Add someone</h2>
      <p className="muted">The person must have a PermitDesk account.</p>
      <label htmlFor={emailId}>E-mail</label>
      <input id={emailId} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
      <label htmlFor={roleId}>Role</label>
      <select id={roleId} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      {error && <Alert kind="error">{error}</Alert>}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        Grant
      </button>
    </form>
  );
}

function MemberRow({ member, self, onDone }: { member: TeamMember; self: boolean; onDone: (team: TeamMember[]) => void }) {
  const [busy, setBusy] = useState(false);
  const change = async (role: StaffRole | null) => {
    setBusy(true);
    try {
      onDone(await api.audit.setTeamRole({ body: { email: member.email, role }, silent: true }));
      notify('success', role === null ? `${member.email} is no longer on the permit team.` : `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}.`);
    } catch (failure) {
      notify('error', message(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <td>{member.name || member.email}</td>
      <td>{member.email}</td>
      <td>
        <label className="visually-hidden" htmlFor={`role-${member.id}`}>
          Role of {member.email}
        </label>
        <select id={`role-${member.id}`} value={member.role} disabled={busy || self} onChange={(e) => void change(e.target.value as StaffRole)}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </td>
      <td>
        {self ? (
          <span className="muted">You</span>
        ) : (
          <button type="button" className="btn btn--sm btn--ghost" disabled={busy} onClick={() => void change(null)} aria-label={`Revoke ${member.email}`}>
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

/** Saves a text as a file in the browser. */
export function saveText(text: string, fileName: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export function TrailExport() {
  const entityId = useId();
  const idId = useId();
  const [entity, setEntity] = useState<AuditEntityName | ''>('');
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const download = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const query = entity === '' ? {} : entity === 'permit' && id ? { permitId: id } : entity === 'company' && id ? { companyId: id } : { entity, ...(id ? { entityId: id } : {}) };
      const csv = await api.audit.exportCsv({ query, silent: true });
      saveText(csv, `audit-trail${entity ? `-${entity}` : ''}${id ? `-${id}` : ''}.csv`);
    } catch (failure) {
      notify('error', message(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ops-team__export card" onSubmit={download} aria-label="Download an audit trail">
      <h2>Audit trail</h2>
      <p className="muted">A permit&apos;s or company&apos;s trail (every entry of it), any other record&apos;s, or everything, as CSV.</p>
      <label htmlFor={entityId}>Record</label>
      <select id={entityId} value={entity} onChange={(e) => setEntity(e.target.value as AuditEntityName | '')}>
        <option value="">Everything</option>
        {AUDIT_ENTITIES.map((name) => (
          <option key={name} value={name}>
            {name.replace('_', ' ')}
          </option>
        ))}
      </select>
      <label htmlFor={idId}>Id (optional)</label>
      <input id={idId} value={id} onChange={(e) => setId(e.target.value.trim())} inputMode="text" />
      <button type="submit" className="btn" disabled={busy}>
        Download CSV
      </button>
    </form>
  );
}

function Team() {
  const me = useAuth((s) => s.user?.email ?? null);
  const team = useQuery({
    queryKey: queryKeys.ops.team,
    queryFn: ({ signal }) => api.audit.team({ signal, silent: true }),
  });
  if (team.error !== undefined) return <Unavailable error={team.error} fallback="The permit team could not be loaded." />;
  if (!team.data) return <Spinner label="Loading the permit team" />;
  return (
    <>
      <table className="ops-team__table card">
        <caption>The permit team</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {team.data.map((member) => (
            <MemberRow key={member.id} member={member} self={member.email === me} onDone={team.set} />
          ))}
        </tbody>
      </table>
      <p className="muted">A service admin cannot change their own role: another service admin does it, so the team always keeps one.</p>
      <div className="ops-team__forms">
        <GrantForm onDone={team.set} />
        <TrailExport />
      </div>
    </>
  );
}

export default function TeamPage() {
  return (
    <section className="container ops-team" aria-labelledby="ops-team-title">
      <h1 id="ops-team-title">Permit team</h1>
      <StaffGate adminOnly>
        <Team />
      </StaffGate>
    </section>
  );
}
