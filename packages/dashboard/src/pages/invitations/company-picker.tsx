// Which of the user's companies answers an invitation: those they own or administer (SPEC §6), the
// sender left out. One company is simply named; several are offered in a select.
import { canCreateAccess, usableCompanies } from '@permitdesk/core';
import { useId } from 'react';
import { useAuth } from '../../session/session.js';

export interface PickerCompany {
  id: number;
  name: string;
}

export function useAnsweringCompanies(senderCompanyId: number): PickerCompany[] {
  const permissions = useAuth((s) => s.user?.permissions);
  return usableCompanies(permissions)
    .filter((company) => canCreateAccess(company.role) && Number(company.id) !== senderCompanyId)
    .map((company) => ({ id: Number(company.id), name: company.name }));
}

export function CompanyPicker({ companies, value, onChange, label = 'Answer for' }: { companies: PickerCompany[]; value: number | null; onChange: (id: number) => void; label?: string }) {
  const id = useId();
  if (companies.length === 1) {
    return (
      <p>
        {label}: <strong>{companies[0]!.name}</strong>
      </p>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
        <option value="" disabled>
          Choose a company
        </option>
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </select>
    </div>
  );
}
