// Settings' account self-service (issue 18): two-step sign-in with an authenticator app (QR code, the
// confirming code, the recovery codes shown once, turning it off with password and code), signing out
// of every device, the export of one's data, and deleting the account (after handing over the owner role
// of a company one alone owns).
import { valibotResolver } from '@hookform/resolvers/valibot';
import { ACCOUNT_MESSAGES, totpCodeSchema, twoFactorCodeSchema, type DeletionCheck, type TwoFactorSetup, type TwoFactorStatus } from '@permitdesk/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as v from 'valibot';
import { queryKeys } from '../../data/query-keys.js';
import { useAction } from '../../data/use-action.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { signOut } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : 'An error occurred');
const fieldset = { border: 0, padding: 0, margin: 0 } as const;
const passwordField = v.pipe(v.string(ACCOUNT_MESSAGES.passwordWrong), v.nonEmpty(ACCOUNT_MESSAGES.passwordWrong));

// ---- two-step sign-in ----

export function TwoFactorSection() {
  const status = useQuery<TwoFactorStatus>({ queryKey: queryKeys.account.twoFactor, queryFn: ({ signal }) => api.account.twoFactorStatus({ signal }) });
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    try {
      setSetup(await api.account.startTwoFactor({ silent: true }));
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <section className="card" aria-labelledby="two-factor-title">
      <h2 className="card__title" id="two-factor-title">Two-step sign-in</h2>
      <p className="muted">
        With two-step sign-in on, signing in asks for your password and then a 6-digit code from an authenticator app on your phone
        (Google Authenticator, Microsoft Authenticator, 1Password, ...).
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : status.loading && !status.data ? (
        <Spinner label="Loading" />
      ) : status.data?.enabled ? (
        <>
          <Alert kind="success">
            Two-step sign-in is on. {status.data.recoveryCodesLeft} of 10 recovery codes left.
          </Alert>
          <DisableTwoFactorForm onDone={() => status.reload()} />
        </>
      ) : setup ? (
        <ConfirmTwoFactor
          setup={setup}
          onConfirmed={(codes) => {
            setSetup(null);
            setRecoveryCodes(codes);
            status.reload();
          }}
        />
      ) : (
        <button className="btn" type="button" onClick={() => void start()}>
          Turn on two-step sign-in
        </button>
      )}
    </section>
  );
}

const confirmSchema = v.object({ code: totpCodeSchema });

function ConfirmTwoFactor({ setup, onConfirmed }: { setup: TwoFactorSetup; onConfirmed: (codes: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferInput<typeof confirmSchema>, unknown, v.InferOutput<typeof confirmSchema>>({
    resolver: valibotResolver(confirmSchema),
    defaultValues: { code: '' },
  });
  const submit = async (values: v.InferOutput<typeof confirmSchema>) => {
    setError(null);
    try {
      const { recoveryCodes } = await api.account.confirmTwoFactor({ body: values, silent: true });
      notify('success', 'Two-step sign-in is on');
      onConfirmed(recoveryCodes);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <div className="stack">
      <p>1. Scan this QR code with your authenticator app.</p>
      <img src={setup.qrCode} alt="QR code to add PermitDesk to your authenticator app" width={180} height={180} style={{ background: '#fff' }} />
      <p className="muted">
        Cannot scan it? Enter this key in the app: <code data-testid="two-factor-secret">{setup.secret}</code>
      </p>
      <p>2. Enter the 6-digit code the app shows.</p>
      {error && <Alert kind="error">{error}</Alert>}
      <form noValidate onSubmit={handleSubmit(submit)} aria-label="Confirm two-step sign-in">
        <fieldset disabled={formState.isSubmitting} style={fieldset}>
          <Field label="Code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={formState.errors.code?.message} {...register('code')} />
          <button className="btn" type="submit">
            {formState.isSubmitting ? <Spinner label="Checking" /> : 'Turn on'}
          </button>
        </fieldset>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => saveFile('permitdesk-recovery-codes.txt', `${codes.join('\n')}\n`, 'text/plain');
  return (
    <div className="stack">
      <Alert kind="info">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <ul aria-label="Recovery codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: '1.05rem', listStyle: 'none', padding: 0 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        <button className="btn btn--ghost" type="button" onClick={download}>
          Download the codes
        </button>
        <button className="btn" type="button" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

const disableSchema = v.object({ password: passwordField, code: twoFactorCodeSchema });

function DisableTwoFactorForm({ onDone }: { onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferInput<typeof disableSchema>, unknown, v.InferOutput<typeof disableSchema>>({
    resolver: valibotResolver(disableSchema),
    defaultValues: { password: '', code: '' },
  });
  const submit = async (values: v.InferOutput<typeof disableSchema>) => {
    setError(null);
    try {
      await api.account.disableTwoFactor({ body: values, silent: true });
      notify('success', 'Two-step sign-in is off');
      onDone();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <details>
      <summary>Turn off two-step sign-in</summary>
      {error && <Alert kind="error">{error}</Alert>}
      <form noValidate onSubmit={handleSubmit(submit)} aria-label="Turn off two-step sign-in">
        <fieldset disabled={formState.isSubmitting} style={fieldset}>
          <Field label="Password" type="password" autoComplete="current-password" revealable error={formState.errors.password?.message} {...register('password')} />
          <Field label="Code from the app or a recovery code" autoComplete="one-time-code" error={formState.errors.code?.message} {...register('code')} />
          <button className="btn btn--danger" type="submit">
            {formState.isSubmitting ? <Spinner label="Turning off" /> : 'Turn off'}
          </button>
        </fieldset>
      </form>
    </details>
  );
}

// ---- sessions ----

export function SignOutEverywhereSection() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.account.signOutEverywhere({ silent: true });
      await signOut();
      notify('success', 'Signed out everywhere', 'Every device, this one too, must sign in again.');
      navigate('/sign-in');
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 className="card__title" id="sessions-title">Devices</h2>
      <p className="muted">Lost a phone, or signed in on a shared computer? End every session of your account, on every device, this one too.</p>
      {error && <Alert kind="error">{error}</Alert>}
      <button className="btn btn--ghost" type="button" disabled={busy} onClick={() => void run()}>
        {busy ? <Spinner label="Signing out" /> : 'Sign out of all devices'}
      </button>
    </section>
  );
}

// ---- export ----

function saveFile(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportSection() {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setState('busy');
    setError(null);
    try {
      const data = await api.account.exportData({ silent: true });
      saveFile('permitdesk-account.json', JSON.stringify(data, null, 2), 'application/json');
      setState('done');
    } catch (e) {
      setError(messageOf(e));
      setState('idle');
    }
  };
  return (
    <section className="card" aria-labelledby="export-title">
      <h2 className="card__title" id="export-title">Your data</h2>
      <p className="muted">
        Download everything that is yours as a JSON file: your profile, your companies and roles, the projects and permits you created,
        the messages you wrote, your uploads and the log of your actions.
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      {state === 'done' && <Alert kind="success">Your data was downloaded.</Alert>}
      <button className="btn btn--ghost" type="button" disabled={state === 'busy'} onClick={() => void run()}>
        {state === 'busy' ? <Spinner label="Preparing" /> : 'Download my data'}
      </button>
    </section>
  );
}

// ---- deletion ----

const deleteSchema = v.object({
  password: passwordField,
  confirm: v.pipe(v.string(ACCOUNT_MESSAGES.confirmDelete), v.literal('DELETE', ACCOUNT_MESSAGES.confirmDelete)),
});

export function DeleteAccountSection() {
  const navigate = useNavigate();
  const check = useQuery<DeletionCheck>({ queryKey: queryKeys.account.deletion, queryFn: ({ signal }) => api.account.deletionCheck({ signal }) });
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<v.InferInput<typeof deleteSchema>, unknown, v.InferOutput<typeof deleteSchema>>({
    resolver: valibotResolver(deleteSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const submit = async (values: v.InferOutput<typeof deleteSchema>) => {
    setError(null);
    try {
      await api.account.deleteAccount({ body: values, silent: true });
      await signOut();
      notify('success', 'Your account was deleted');
      navigate('/sign-in');
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const blocked = check.data?.blockedBy ?? [];
  return (
    <section className="card" aria-labelledby="delete-title">
      <h2 className="card__title" id="delete-title">Delete my account</h2>
      <p>Deleting your account cannot be undone:</p>
      <ul>
        <li>You can no longer sign in, and every session ends.</li>
        <li>Your name, e-mail address and phone number are removed.</li>
        <li>
          What you created for a company (projects, permits, documents, messages) stays with that company for its records, shown as made by
          a deleted user. A company nobody else works in is made inactive.
        </li>
        <li>A company you alone own needs another owner first.</li>
      </ul>
      {blocked.map((company) => (
        <TransferOwner key={company.id} companyId={company.id} companyName={company.name} onDone={() => check.reload()} />
      ))}
      {error && <Alert kind="error">{error}</Alert>}
      <form noValidate onSubmit={handleSubmit(submit)} aria-label="Delete my account">
        <fieldset disabled={formState.isSubmitting || blocked.length > 0} style={fieldset}>
          <Field label="Password" type="password" autoComplete="current-password" revealable error={formState.errors.password?.message} {...register('password')} />
          <Field label="Type DELETE to confirm" autoComplete="off" error={formState.errors.confirm?.message} {...register('confirm')} />
          <button className="btn btn--danger" type="submit">
            {formState.isSubmitting ? <Spinner label="Deleting" /> : 'Delete my account'}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

function TransferOwner({ companyId, companyName, onDone }: { companyId: number; companyName: string; onDone: () => void }) {
  const roles = useQuery({ queryKey: queryKeys.account.companyMembers(companyId), queryFn: ({ signal }) => api.companies.roles({ params: { id: companyId }, signal }) });
  const [userId, setUserId] = useState('');
  const members = (roles.data?.roles ?? []).filter((r) => r.active && r.role !== 'owner' && r.role !== 'guest');
  const { run, busy, error } = useAction(async (newOwner: string) => {
    await api.companies.transferOwner({ params: { id: companyId }, body: { userId: newOwner }, silent: true });
    notify('success', `The owner role of ${companyName} was handed over`);
    onDone();
  }, messageOf);
  const transfer = async () => {
    if (!userId) return;
    await run(userId);
  };
  const selectId = `new-owner-${companyId}`;
  return (
    <div className="stack" style={{ marginBottom: '1rem' }}>
      <Alert kind="warning">{ACCOUNT_MESSAGES.soleOwner(companyName)}</Alert>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          New owner of {companyName}
        </label>
        <select id={selectId} className="field__input" value={userId} onChange={(e) => setUserId(e.target.value)} disabled={busy}>
          <option value="">Choose a member</option>
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name} ({m.email})
            </option>
          ))}
        </select>
      </div>
      <button className="btn" type="button" disabled={busy || !userId} onClick={() => void transfer()}>
        {busy ? <Spinner label="Handing over" /> : 'Make them the owner'}
      </button>
    </div>
  );
}
