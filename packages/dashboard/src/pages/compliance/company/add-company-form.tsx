// The add-company form (SPEC §2.8, §4.4, §5): a required name, unique by the company-name lookup
// ('Company name has already been taken, please try another name!'); creating, then the toast
// 'The company has been created successfully.' or 'Cannot create a new company!'.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { companyNameSchema, MESSAGES, type Company } from '@permitdesk/core';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { api } from '../../../session/api.js';
import { AUTH_TOASTS } from '../../../session/auth-messages.js';
import { refreshProfile } from '../../../session/session.js';
import { Field } from '../../../ui/field.js';
import { notify } from '../../../ui/notify.js';
import { Spinner } from '../../../ui/spinner.js';

const schema = v.object({ name: companyNameSchema });

export function AddCompanyForm({ onCreated }: { onCreated: (company: Company) => void }) {
  const client = useQueryClient();
  const { register, handleSubmit, formState, setError } = useForm<v.InferOutput<typeof schema>>({ resolver: valibotResolver(schema) });
  const submit = async ({ name }: { name: string }) => {
    const taken = await api.companyLookups.companyInfo({ query: { key: name }, silent: true }).catch(() => []);
    if (taken.length > 0) {
      setError('name', { message: MESSAGES.companyNameTaken });
      return;
    }
    try {
      const company = await api.companies.create({ body: { name }, silent: true });
      await refreshProfile();
      client.invalidateQueries({ queryKey: queryKeys.companies });
      notify('success', AUTH_TOASTS.companyCreated);
      onCreated(company);
    } catch (error) {
      notify('error', AUTH_TOASTS.companyCreateError, error instanceof Error ? error.message : undefined);
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label="Add a New Company">
      <fieldset disabled={formState.isSubmitting} className="plain-fieldset">
        <Field label="Company Name" autoComplete="organization" error={formState.errors.name?.message} {...register('name')} />
        <button className="btn btn--block" type="submit">
          {formState.isSubmitting ? <Spinner label="Creating" /> : 'Create company'}
        </button>
      </fieldset>
    </form>
  );
}
