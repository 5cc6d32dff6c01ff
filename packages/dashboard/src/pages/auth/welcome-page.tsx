// /welcome: after the first sign-in of a company sign-up, creates the company from setupCompanyName,
// clears the attribute, reloads the permissions and selects the new company.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useQueryClient } from '../../data/query-provider.js';
import { HOME_SIGNED_IN } from '../../routes/access.js';
import { AUTH_TOASTS } from '../../session/auth-messages.js';
import { takeTarget } from '../../session/redirect-memory.js';
import { api, identity } from '../../session/api.js';
import { refreshProfile, switchCompany, useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import { notify } from '../../ui/notify.js';

type Step = { kind: 'creating' } | { kind: 'done'; name: string } | { kind: 'failed'; message: string } | { kind: 'nothing' };

export default function WelcomePage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useAuth((s) => s.user);
  const setup = user?.['custom:setupCompanyName'] ?? null;
  const [step, setStep] = useState<Step>(setup ? { kind: 'creating' } : { kind: 'nothing' });
  const started = useRef(false);

  useEffect(() => {
    if (!setup || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const company = await api.companies.create({ body: { name: setup.name, address: setup.address ?? null }, silent: true });
        await identity.updateAttributes({ 'custom:setupCompanyName': null });
        await refreshProfile();
        switchCompany(String(company.id));
        // A new company: the user's list and the company-scoped reads are asked again.
        client.invalidateQueries({ queryKey: queryKeys.companies });
        client.invalidateQueries({ queryKey: queryKeys.company.all });
        notify('success', AUTH_TOASTS.companyCreated);
        setStep({ kind: 'done', name: company.name });
      } catch (e) {
        notify('error', AUTH_TOASTS.companyCreateError, e instanceof Error ? e.message : undefined);
        setStep({ kind: 'failed', message: e instanceof Error ? e.message : AUTH_TOASTS.companyCreateError });
      }
    })();
  }, [setup]);

  if (!user) {
    return (
      <div className="container container--narrow">
        <div className="card card--auth">
          <h1 className="page-title">Welcome to PermitDesk</h1>
          <p>
            <Link to="/sign-in">Sign in</Link> to finish setting up your account.
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Welcome, {user.given_name || user.name}!</h1>
        {step.kind === 'creating' && <Spinner label={`Creating ${setup?.name ?? 'your company'}`} large />}
        {step.kind === 'done' && (
          <Alert kind="info" title={AUTH_TOASTS.companyCreated}>
            {step.name} is ready and you are its owner.
          </Alert>
        )}
        {step.kind === 'failed' && (
          <Alert kind="error" title={AUTH_TOASTS.companyCreateError}>
            {step.message}
          </Alert>
        )}
        {step.kind === 'nothing' && <p>Your account is ready.</p>}
        {step.kind !== 'creating' && (
          <button type="button" className="btn btn--block" onClick={() => navigate(takeTarget() ?? HOME_SIGNED_IN)}>
            Continue to the Project Radar
          </button>
        )}
      </div>
    </div>
  );
}
