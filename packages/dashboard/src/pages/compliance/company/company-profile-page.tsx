// /companies/{id}/profile: the company profile, edited by its Owner or an Administrator (read-only for
// the others): 'Your company profile has been updated successfully.' or 'An error occurred while updating
// the company profile.'; a name another company has is refused with the SPEC §5 message. In vendor mode
// the client's record of the vendor: 'Your vendor information has been updated successfully.'.
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  canCreateAccess,
  createCompanySchema,
  MESSAGES,
  VENDOR_FOR_INDIVIDUAL,
  type Company,
  type Vendor,
} from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { Unavailable } from '../../../ui/unavailable.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { refreshProfile } from '../../../session/session.js';
import { Alert } from '../../../ui/alert.js';
import { Field } from '../../../ui/field.js';
import { notify } from '../../../ui/notify.js';
import { Spinner } from '../../../ui/spinner.js';
import { CompanyRequired } from '../layout/company-required.js';
import { COMPLIANCE_MESSAGES } from '../compliance-messages.js';
import { Link } from 'react-router';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import { companyActivityPath } from './company-activity-page.js';
import type { ComplianceScope } from '../compliance-scope.js';

const profileSchema = v.pick(createCompanySchema, ['name', 'address']);
type ProfileValues = v.InferInput<typeof profileSchema>;

function ProfileForm({ initial, readOnly, onSave, submitLabel }: {
  initial: { name: string; address: string | null };
  readOnly: boolean;
  submitLabel: string;
  /** Saves; answers a field error for the name, or nothing. */
  onSave: (values: { name: string; address: string | null }) => Promise<string | void>;
}) {
  const { register, handleSubmit, formState, setError } = useForm<ProfileValues>({
    resolver: valibotResolver(profileSchema),
    defaultValues: { name: initial.name, address: initial.address ?? '' },
  });
  const submit = async (values: ProfileValues) => {
    const nameError = await onSave({ name: values.name.trim(), address: values.address?.trim() || null });
    if (nameError) setError('name', { message: nameError });
  };
  return (
    <form noValidate className="card" onSubmit={handleSubmit(submit)} aria-label="Company profile">
      <fieldset disabled={readOnly || formState.isSubmitting} className="plain-fieldset">
        <Field label="Company Name" autoComplete="organization" error={formState.errors.name?.message} {...register('name')} />
        <Field label="Company Address" autoComplete="street-address" error={formState.errors.address?.message} {...register('address')} />
        {!readOnly && (
          <button type="submit" className="btn">
            {formState.isSubmitting ? <Spinner label="Saving" /> : submitLabel}
          </button>
        )}
      </fieldset>
      {readOnly && <p className="muted">An owner or an administrator of the company can change its profile.</p>}
    </form>
  );
}

function CompanyProfile({ company }: { company: Company }) {
  const client = useQueryClient();
  const save = async (values: { name: string; address: string | null }) => {
    if (values.name.toLowerCase() !== company.name.toLowerCase()) {
      const taken = await api.companyLookups.companyInfo({ query: { key: values.name }, silent: true }).catch(() => []);
      if (taken.some((other) => other.id !== company.id)) return MESSAGES.companyNameTaken;
    }
    try {
      await api.companies.update({ params: { id: company.id }, body: values, silent: true });
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'COMPANY_NAME_TAKEN') return MESSAGES.companyNameTaken;
      notify('error', COMPLIANCE_MESSAGES.profileUpdateError, error instanceof Error ? error.message : undefined);
      return;
    }
    notify('success', COMPLIANCE_MESSAGES.profileUpdated);
    client.invalidateQueries({ queryKey: queryKeys.companies });
    // The permissions map carries company names (header switcher).
    void refreshProfile();
  };
  return (
    <>
      <ProfileForm key={company.id} initial={company} readOnly={!canCreateAccess(company.role)} onSave={save} submitLabel="Save profile" />
      {company.role === 'owner' && (
        <p>
          <Link to={companyActivityPath(company.id)}>Company activity</Link>: every change to the company, its people, projects, permits and vault.
        </p>
      )}
      {canCreateAccess(company.role) && (
        <p>
          <Link to={`/companies/${company.id}/webhooks`}>Webhooks</Link>: send your company&apos;s events (permits, inspections, quotes) to your own systems.
        </p>
      )}
    </>
  );
}

function VendorProfile({ vendorFor, vendorId, readOnly }: { vendorFor: string; vendorId: string; readOnly: boolean }) {
  const client = useQueryClient();
  const link = useQuery<Vendor>({
    queryKey: queryKeys.vendors.profile(vendorFor, vendorId),
    queryFn: ({ signal }) => api.companies.vendor({ params: { companyId: vendorFor, vendorId }, signal, silent: true }),
  });
  if (link.error !== undefined) {
    return <Unavailable error={link.error} fallback="The vendor could not be loaded." />;
  }
  if (!link.data) return <Spinner label="Loading the vendor" />;
  const save = async (values: { name: string; address: string | null }) => {
    try {
      link.set(await api.companies.updateVendorProfile({ params: { companyId: vendorFor, vendorId }, body: values, silent: true }));
      // The page title shows the vendor's name.
      client.invalidateQueries({ queryKey: queryKeys.compliance.vendorName(vendorFor, vendorId) });
      notify('success', COMPLIANCE_MESSAGES.vendorUpdated);
    } catch (error) {
      notify('error', error instanceof Error && error.message ? error.message : 'An error occurred');
    }
  };
  return <ProfileForm key={vendorId} initial={link.data.vendor} readOnly={readOnly} onSave={save} submitLabel="Save vendor information" />;
}

function Profile({ scope }: { scope: ComplianceScope & { companyId: string } }) {
  if (scope.vendorFor) {
    // The client's own record of the vendor: its Owner or Administrators (or the personal account) edit it.
    const readOnly = scope.vendorFor !== VENDOR_FOR_INDIVIDUAL && !canCreateAccess(scope.role);
    return <VendorProfile vendorFor={scope.vendorFor} vendorId={scope.companyId} readOnly={readOnly} />;
  }
  if (!scope.company) {
    return (
      <Alert kind="error" title="Unavailable">
        You do not have access to this company.
      </Alert>
    );
  }
  return <CompanyProfile company={scope.company} />;
}

export default function CompanyProfilePage() {
  return (
    <ComplianceLayout title="Company Profile">
      <CompanyRequired>{(scope) => <Profile scope={scope} />}</CompanyRequired>
    </ComplianceLayout>
  );
}
