// Sending a company invitation from /invitations/notify: onboard a vendor (checked first with
// validate-vendor-onboarding, whose note is passed on), share the company's compliance wallet, ask for a
// company's documents, or ask to be recognised as its vendor. Owners and administrators only (SPEC §6).
import { canCreateAccess, normalizedEmailSchema, usableCompanies, type Invitation } from '@permitdesk/core';
import type { ApiResult } from '@permitdesk/core/client';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { useAction } from '../../data/use-action.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';

const KINDS = {
  vendor: 'Onboard a vendor',
  share: 'Share our compliance wallet',
  sharing: 'Ask a company for its compliance documents',
  claiming: 'Ask a company to recognise us as its vendor',
} as const;
type SendKind = keyof typeof KINDS;

export function SendInvitation({ onSent }: { onSent: () => void }) {
  const ids = { company: useId(), kind: useId(), message: useId() };
  const permissions = useAuth((s) => s.user?.permissions);
  const current = useAuth((s) => s.currentCompanyId);
  const companies = usableCompanies(permissions).filter((company) => canCreateAccess(company.role));
  const [companyId, setCompanyId] = useState<string>(companies.find((c) => c.id === current)?.id ?? companies[0]?.id ?? '');
  const [kind, setKind] = useState<SendKind>('vendor');
  const [email, setEmail] = useState('');
  const [companyName, setCompanyName] = useState('');
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const { run, busy, error, setError } = useAction(
    async (body: { companyId: number; email: string; companyName?: string; message?: string }) => {
      let note: string | null = null;
      if (kind === 'vendor') {
        const check = await api.invitations.validateVendorOnboarding({ body });
        if (!check.ok || !check.data.valid) {
          setError(check.ok ? (check.data.message ?? 'This vendor cannot be invited.') : check.error.message);
          return;
        }
        note = check.data.message;
      }
      const calls: Record<SendKind, () => Promise<ApiResult<Invitation>>> = {
        vendor: () => api.invitations.vendorOnboarding({ body }),
        share: () => api.invitations.shareWallet({ body }),
        sharing: () => api.invitations.complianceRequestSharing({ body }),
        claiming: () => api.invitations.complianceRequestClaiming({ body }),
      };
      const result = await calls[kind]();
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      notify('success', `An invitation has been sent to ${body.email}.`, note ?? undefined);
      setEmail('');
      setCompanyName('');
      setMessage('');
      onSent();
    },
    (e) => (e instanceof Error ? e.message : 'An error occurred'),
  );
  if (companies.length === 0) return null;

  const send = async () => {
    setError(null);
    const parsed = v.safeParse(normalizedEmailSchema, email);
    if (!parsed.success) {
      setFieldError(parsed.issues[0].message);
      return;
    }
    setFieldError(undefined);
    const body = { companyId: Number(companyId), email: parsed.output, ...(companyName.trim() ? { companyName: companyName.trim() } : {}), ...(message.trim() ? { message: message.trim() } : {}) };
    await run(body);
  };

  return (
    <section className="card" aria-labelledby={`${ids.kind}-title`}>
      <h2 className="card__title" id={`${ids.kind}-title`}>
        Send an invitation
      </h2>
      {error && <Alert kind="error">{error}</Alert>}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {companies.length > 1 && (
          <div className="field">
            <label className="field__label" htmlFor={ids.company}>
              From
            </label>
            <select id={ids.company} className="field__input" value={companyId} onChange={(event) => setCompanyId(event.target.value)}>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label className="field__label" htmlFor={ids.kind}>
            Invitation
          </label>
          <select id={ids.kind} className="field__input" value={kind} onChange={(event) => setKind(event.target.value as SendKind)}>
            {Object.entries(KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Field label="Email Address" type="email" autoComplete="off" value={email} error={fieldError} onChange={(event) => setEmail(event.target.value)} />
        {kind === 'vendor' && <Field label="Vendor company name (optional)" value={companyName} onChange={(event) => setCompanyName(event.target.value)} />}
        <div className="field">
          <label className="field__label" htmlFor={ids.message}>
            Message (optional)
          </label>
          <textarea id={ids.message} className="field__input" rows={3} maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} />
        </div>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? <Spinner label="Sending" /> : 'Send the invitation'}
        </button>
      </form>
    </section>
  );
}
