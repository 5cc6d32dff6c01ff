// /companies/new: the add-company form (SPEC §4.4, §5): a unique name, creating, then success or error.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { companyNameSchema, MESSAGES } from '@permitdesk/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as v from 'valibot';
import { invalidateQueries } from '../../data/use-query.js';
import { AUTH_TOASTS } from '../../session/auth-messages.js';
import { api } from '../../session/api.js';
import { refreshProfile } from '../../session/session.js';
import { Field } from '../../ui/field.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';

const schema = v.object({ name: companyNameSchema });

export default function NewCompanyPage() {
  const navigate = useNavigate();
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
      invalidateQueries('companies');
      notify('success', AUTH_TOASTS.companyCreated);
      navigate(`/companies/${company.id}/profile`);
    } catch (e) {
      notify('error', AUTH_TOASTS.companyCreateError, e instanceof Error ? e.message : undefined);
    }
  };
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Add a New Company</h1>
        <form noValidate onSubmit={handleSubmit(submit)} aria-label="Add a New Company">
          <fieldset disabled={formState.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
            <Field label="Company Name" error={formState.errors.name?.message} {...register('name')} />
            <button className="btn btn--block" type="submit">
              {formState.isSubmitting ? <Spinner label="Creating" /> : 'Create company'}
            </button>
          </fieldset>
        </form>
      </div>
    </div>
  );
}
