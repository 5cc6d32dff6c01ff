// The vendor onboarding wizard: company (pick one you own or administer, or create it), contact, what of
// the compliance wallet the client may read, then review and submit. Each step is saved on Next
// (PUT /step/{id}/vendor-onboarding) so the vendor can leave and come back; errors are the server's.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { formatPhone, VENDOR_ONBOARDING_STEPS, vendorOnboardingStepSchema, type Invitation, type VendorOnboardingStep, type VendorOnboardingStepInput } from '@permitdesk/core';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { api } from '../../session/api.js';
import { refreshProfile } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import { Spinner } from '../../ui/spinner.js';
import { ActionButtons } from './action-buttons.js';
import { useAnsweringCompanies } from './company-picker.js';
import { SharedDocuments } from './shared-documents.js';

type WizardStep = VendorOnboardingStep | 'review';
const STEP_TITLES: Record<WizardStep, string> = { company: 'Your company', contact: 'Contact', compliance: 'Compliance wallet', review: 'Review and submit' };
const ORDER: WizardStep[] = [...VENDOR_ONBOARDING_STEPS, 'review'];

/** The first step not saved yet, or the review. */
export const firstOpenStep = (invitation: Invitation): WizardStep => VENDOR_ONBOARDING_STEPS.find((step) => !invitation.steps?.[step]) ?? 'review';

/** The contact step's fields, from core's step schema (no twin). */
const contactSchema = v.omit(vendorOnboardingStepSchema.options[1], ['step']);
type ContactValues = v.InferInput<typeof contactSchema>;

function useSave(invitation: Invitation, onSaved: (updated: Invitation) => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (body: VendorOnboardingStepInput): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const result = await api.invitations.stepVendorOnboarding({ params: { id: invitation.invitationId }, body });
      if (!result.ok) {
        setError(result.error.message);
        return false;
      }
      onSaved(result.data);
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { save, error, busy, setError };
}

function CompanyStep({ invitation, onSaved, next }: { invitation: Invitation; onSaved: (i: Invitation) => void; next: () => void }) {
  const ids = { name: useId(), group: useId() };
  const companies = useAnsweringCompanies(invitation.fromCompany.id);
  const preset = invitation.kind === 'CUSTOM_VENDOR_ONBOARDING' ? invitation.steps?.company ?? invitation.toCompany : null;
  const [choice, setChoice] = useState<string>(String(invitation.steps?.company?.id ?? preset?.id ?? companies[0]?.id ?? 'new'));
  const [newName, setNewName] = useState(invitation.companyName ?? '');
  const [newAddress, setNewAddress] = useState('');
  const { save, error, busy, setError } = useSave(invitation, onSaved);

  const submit = async () => {
    if (choice !== 'new') {
      if (await save({ step: 'company', companyId: Number(choice) })) next();
      return;
    }
    // Created by invitation, the new company is saved as this step by the server in the same write.
    try {
      await api.companies.create({ query: { invitation: invitation.invitationId }, body: { name: newName, address: newAddress || null }, silent: true });
      await refreshProfile();
      onSaved(await api.invitations.lookup({ query: { type: invitation.kind, id: invitation.invitationId }, silent: true }));
      next();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'An error occurred');
    }
  };

  return (
    <>
      <h2 className="card__title">{STEP_TITLES.company}</h2>
      {error && <Alert kind="error">{error}</Alert>}
      {preset ? (
        <p>
          You are onboarding <strong>{preset.name}</strong>, as its owners approved.
        </p>
      ) : (
        <fieldset className="field" style={{ border: 0, padding: 0 }} aria-labelledby={ids.group}>
          <legend id={ids.group} className="field__label">
            Which company is the vendor of {invitation.fromCompany.name}?
          </legend>
          {companies.map((company) => (
            <label key={company.id} className="checkbox-row">
              <input type="radio" name="vendor-company" value={company.id} checked={choice === String(company.id)} onChange={() => setChoice(String(company.id))} />
              {company.name}
            </label>
          ))}
          <label className="checkbox-row">
            <input type="radio" name="vendor-company" value="new" checked={choice === 'new'} onChange={() => setChoice('new')} />
            A new company
          </label>
        </fieldset>
      )}
      {!preset && choice === 'new' && (
        <>
          <Field label="Company Name" value={newName} onChange={(event) => setNewName(event.target.value)} autoComplete="organization" />
          <Field label="Company Address" value={newAddress} onChange={(event) => setNewAddress(event.target.value)} autoComplete="street-address" />
        </>
      )}
      <div className="wizard-nav">
        <span />
        <button type="button" className="btn" disabled={busy || (!preset && choice === 'new' && newName.trim() === '')} onClick={() => void (preset ? save({ step: 'company', companyId: preset.id }).then((ok) => ok && next()) : submit())}>
          {busy ? <Spinner label="Saving" /> : 'Next'}
        </button>
      </div>
    </>
  );
}

function ContactStep({ invitation, onSaved, next, back }: { invitation: Invitation; onSaved: (i: Invitation) => void; next: () => void; back: () => void }) {
  const saved = invitation.steps?.contact;
  const { register, handleSubmit, formState } = useForm<ContactValues, unknown, v.InferOutput<typeof contactSchema>>({
    resolver: valibotResolver(contactSchema),
    defaultValues: { contactName: saved?.contactName ?? '', phoneNumber: saved ? formatPhone(saved.phoneNumber) : '', title: saved?.title ?? '' },
  });
  const { save, error, busy } = useSave(invitation, onSaved);
  const submit = async (values: v.InferOutput<typeof contactSchema>) => {
    if (await save({ step: 'contact', contactName: values.contactName, phoneNumber: values.phoneNumber, title: values.title || null })) next();
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={STEP_TITLES.contact}>
      <h2 className="card__title">{STEP_TITLES.contact}</h2>
      {error && <Alert kind="error">{error}</Alert>}
      <Field label="Full Name" autoComplete="name" error={formState.errors.contactName?.message} {...register('contactName')} />
      <Field label="Phone Number" type="tel" autoComplete="tel" error={formState.errors.phoneNumber?.message} {...register('phoneNumber')} />
      <Field label="Title (optional)" autoComplete="organization-title" error={formState.errors.title?.message} {...register('title')} />
      <div className="wizard-nav">
        <button type="button" className="btn btn--ghost" onClick={back}>
          Back
        </button>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? <Spinner label="Saving" /> : 'Next'}
        </button>
      </div>
    </form>
  );
}

const WALLET_PARTS = [
  ['licenses', 'Licenses'],
  ['insurances', 'Insurance'],
  ['certificates', 'Certificates'],
] as const;

function ComplianceStep({ invitation, onSaved, next, back }: { invitation: Invitation; onSaved: (i: Invitation) => void; next: () => void; back: () => void }) {
  const saved = invitation.steps?.compliance;
  const [scope, setScope] = useState({ licenses: saved?.licenses ?? true, insurances: saved?.insurances ?? true, certificates: saved?.certificates ?? true });
  const { save, error, busy } = useSave(invitation, onSaved);
  return (
    <>
      <h2 className="card__title">{STEP_TITLES.compliance}</h2>
      {error && <Alert kind="error">{error}</Alert>}
      <p>Once {invitation.fromCompany.name} approves you as a vendor, it can read these parts of your compliance wallet:</p>
      {WALLET_PARTS.map(([key, label]) => (
        <label key={key} className="checkbox-row">
          <input type="checkbox" checked={scope[key]} onChange={(event) => setScope({ ...scope, [key]: event.target.checked })} />
          {label}
        </label>
      ))}
      <SharedDocuments invitationId={invitation.invitationId} title="Your files in the wallet" />
      <div className="wizard-nav">
        <button type="button" className="btn btn--ghost" onClick={back}>
          Back
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void save({ step: 'compliance', ...scope }).then((ok) => ok && next())}>
          {busy ? <Spinner label="Saving" /> : 'Next'}
        </button>
      </div>
    </>
  );
}

function Review({ invitation, onDone, back }: { invitation: Invitation; onDone: (i: Invitation) => void; back: () => void }) {
  const { company, contact, compliance } = invitation.steps ?? { company: null, contact: null, compliance: null };
  const parts = compliance ? WALLET_PARTS.filter(([key]) => compliance[key]).map(([, label]) => label) : [];
  return (
    <>
      <h2 className="card__title">{STEP_TITLES.review}</h2>
      <dl className="invitation-facts">
        <dt>Company</dt>
        <dd>{company?.name ?? '—'}</dd>
        <dt>Contact</dt>
        <dd>{contact ? `${contact.contactName}${contact.title ? `, ${contact.title}` : ''} · ${formatPhone(contact.phoneNumber)}` : '—'}</dd>
        <dt>Shared with {invitation.fromCompany.name}</dt>
        <dd>{parts.length > 0 ? parts.join(', ') : 'Nothing'}</dd>
      </dl>
      <div className="wizard-nav">
        <button type="button" className="btn btn--ghost" onClick={back}>
          Back
        </button>
        <ActionButtons invitation={invitation} only={['submit']} onDone={onDone} />
      </div>
    </>
  );
}

export function VendorOnboardingWizard({ invitation, onChange }: { invitation: Invitation; onChange: (updated: Invitation) => void }) {
  const [step, setStep] = useState<WizardStep>(() => firstOpenStep(invitation));
  const index = ORDER.indexOf(step);
  const go = (offset: number) => setStep(ORDER[Math.min(Math.max(index + offset, 0), ORDER.length - 1)]!);
  return (
    <>
      <ol className="wizard-steps" aria-label="Onboarding steps">
        {ORDER.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} className={i < index || (s !== 'review' && invitation.steps?.[s]) ? 'is-done' : undefined}>
            {STEP_TITLES[s]}
          </li>
        ))}
      </ol>
      {step === 'company' && <CompanyStep invitation={invitation} onSaved={onChange} next={() => go(1)} />}
      {step === 'contact' && <ContactStep invitation={invitation} onSaved={onChange} next={() => go(1)} back={() => go(-1)} />}
      {step === 'compliance' && <ComplianceStep invitation={invitation} onSaved={onChange} next={() => go(1)} back={() => go(-1)} />}
      {step === 'review' && <Review invitation={invitation} onDone={onChange} back={() => go(-1)} />}
    </>
  );
}
