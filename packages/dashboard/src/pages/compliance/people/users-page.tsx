// /users: the users of the company in scope with their roles (SPEC §6). The Owner or an Administrator
// invites users; the Owner changes or disables any role, an Administrator only User and PM roles (into
// User or PM); only the Owner removes roles. Failures: 'An error occurred while updating user role.',
// 'An error occurred while deleting user role.'; a failed invitation shows the server's message or
// 'An error occurred while sending company user invitation.'.
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  canAddUserRole,
  canDisableRole,
  canRemoveUserRole,
  inviteUserSchema,
  roleLabel,
  USABLE_ROLES,
  type CompanyRole,
  type UsableRole,
  type UserType,
} from '@permitdesk/core';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { Unavailable } from '../../../ui/unavailable.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { useAuth } from '../../../session/session.js';
import { Field } from '../../../ui/field.js';
import { useModals } from '../../../ui/generic-modals.js';
import { notify } from '../../../ui/notify.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { Spinner } from '../../../ui/spinner.js';
import { CompanyRequired } from '../layout/company-required.js';
import { COMPLIANCE_MESSAGES, serverMessageOr } from '../compliance-messages.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import type { ComplianceScope } from '../compliance-scope.js';

/** The roles an actor may give a user holding `target` (the server's rule, from core's canDisableRole). */
export function assignableRoles(actor: CompanyRole | null, target: CompanyRole): UsableRole[] {
  if (!canDisableRole(actor, target)) return [];
  return actor === 'owner' ? [...USABLE_ROLES] : USABLE_ROLES.filter((role) => canDisableRole(actor, role));
}

const inviteSchema = v.pick(inviteUserSchema, ['email', 'role']);
type InviteValues = v.InferInput<typeof inviteSchema>;

function InviteUserForm({ companyId, onSent }: { companyId: string; onSent: () => void }) {
  const roleId = useId();
  const { register, handleSubmit, formState, reset } = useForm<InviteValues>({ resolver: valibotResolver(inviteSchema), defaultValues: { email: '', role: 'user' } });
  const submit = async (values: InviteValues) => {
    const body = { companyId: Number(companyId), email: values.email, role: values.role };
    try {
      const result = await api.invitations.inviteUser({ body, silent: true });
      if (!result.ok) {
        notify('error', serverMessageOr(result.error.message, COMPLIANCE_MESSAGES.inviteUserError));
        return;
      }
      notify('success', `An invitation has been sent to ${result.data.email ?? values.email}.`);
      reset();
      onSent();
    } catch (error) {
      notify('error', serverMessageOr(error instanceof Error ? error.message : null, COMPLIANCE_MESSAGES.inviteUserError));
    }
  };
  return (
    <form noValidate className="card" onSubmit={handleSubmit(submit)} aria-label="Invite a user">
      <h2 className="card__title">Invite a user</h2>
      <fieldset disabled={formState.isSubmitting} className="plain-fieldset form-grid">
        <Field label="Email Address" type="email" autoComplete="off" error={formState.errors.email?.message} {...register('email')} />
        <div className="field">
          <label className="field__label" htmlFor={roleId}>
            Role
          </label>
          <select id={roleId} className="field__input field__select" defaultValue="user" {...register('role')}>
            {(['administrator', 'pm', 'user'] as const).map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
        </div>
        <div className="field" style={{ justifyContent: 'flex-end' }}>
          <button type="submit" className="btn">
            {formState.isSubmitting ? <Spinner label="Sending" /> : 'Send invitation'}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function RoleRow({ user, actor, isMe, onChanged }: { user: UserType; actor: CompanyRole | null; isMe: boolean; onChanged: (updated: UserType | null) => void }) {
  const modals = useModals();
  const [busy, setBusy] = useState(false);
  // One's own role is changed by another owner or administrator, not from one's own row.
  const roles = isMe ? [] : assignableRoles(actor, user.role);
  const update = async (change: { role: CompanyRole; active: boolean }) => {
    setBusy(true);
    try {
      onChanged(await api.roles.update({ params: { id: user.id }, body: change, silent: true }));
    } catch (error) {
      notify('error', COMPLIANCE_MESSAGES.roleUpdateError, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!(await modals.confirm({ title: 'Remove this user?', message: `${user.name || user.email} will no longer have access to the company.` }))) return;
    setBusy(true);
    try {
      await api.roles.remove({ params: { id: user.id }, silent: true });
      onChanged(null);
    } catch (error) {
      notify('error', COMPLIANCE_MESSAGES.roleDeleteError, error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  const label = user.name || user.email;
  return (
    <tr data-role-id={user.id}>
      <td>
        {label}
        {isMe && <span className="muted"> (you)</span>}
      </td>
      <td>{user.email}</td>
      <td>
        {roles.length > 0 ? (
          <select className="field__input field__select" aria-label={`Role of ${label}`} value={user.role} disabled={busy} onChange={(event) => void update({ role: event.target.value as CompanyRole, active: user.active })}>
            {!roles.includes(user.role as UsableRole) && <option value={user.role}>{roleLabel(user.role)}</option>}
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
        ) : (
          roleLabel(user.role)
        )}
      </td>
      <td>
        <span className={`status-pill ${user.active ? 'status-pill--valid' : 'status-pill--muted'}`}>{user.active ? 'Active' : 'Disabled'}</span>
      </td>
      <td>
        <div className="vault-actions">
          {!isMe && canDisableRole(actor, user.role) && (
            <button type="button" className="btn btn--sm btn--ghost" disabled={busy} aria-label={`${user.active ? 'Disable' : 'Enable'} ${label}`} onClick={() => void update({ role: user.role, active: !user.active })}>
              {user.active ? 'Disable' : 'Enable'}
            </button>
          )}
          {!isMe && canRemoveUserRole(actor) && (
            <button type="button" className="btn btn--sm btn--ghost" disabled={busy} aria-label={`Remove ${label}`} onClick={() => void remove()}>
              Remove
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

function UsersTable({ scope }: { scope: ComplianceScope & { companyId: string } }) {
  const me = useAuth((s) => s.user?.sub);
  const roles = useQuery({
    queryKey: queryKeys.people.roles(scope.companyId),
    queryFn: ({ signal }) => api.companies.roles({ params: { id: scope.companyId }, signal, silent: true }),
  });
  const changed = (id: number, updated: UserType | null) => {
    if (!roles.data) return;
    const list = updated ? roles.data.roles.map((r) => (r.id === id ? updated : r)) : roles.data.roles.filter((r) => r.id !== id);
    roles.set({ ...roles.data, roles: list });
    notify('success', updated ? 'The user role has been updated.' : 'The user role has been removed.');
  };
  return (
    <div className="stack">
      {canAddUserRole(scope.role) && <InviteUserForm companyId={scope.companyId} onSent={() => undefined} />}
      {roles.error !== undefined ? (
        <Unavailable error={roles.error} fallback="The users could not be loaded." />
      ) : !roles.data ? (
        <Spinner label="Loading users" />
      ) : (
        <PlainTable caption="Users and their roles" headers={['Name', 'Email', 'Role', 'Status', 'Actions']}>
          {roles.data.roles.map((user) => (
            <RoleRow key={user.id} user={user} actor={scope.role} isMe={user.userId === me} onChanged={(updated) => changed(user.id, updated)} />
          ))}
        </PlainTable>
      )}
    </div>
  );
}

export default function UsersPage() {
  return (
    <ComplianceLayout title="Users">
      <CompanyRequired>{(scope) => (scope.vendorFor ? <p className="card">Users are kept by each company; open Messages to reach a vendor.</p> : <UsersTable scope={scope} />)}</CompanyRequired>
    </ComplianceLayout>
  );
}
