// The company switcher (SPEC §2.8): 'Personal' plus every non-guest company, the current one disabled.
// Choosing sets currentCompanyId in the session store, which every page reads.
import { companySwitcherOptions } from '@permitdesk/core';
import { useId } from 'react';
import { queryKeys } from '../data/query-keys.js';
import { useQueryClient } from '../data/query-provider.js';
import { switchCompany, useAuth } from '../session/session.js';

const PERSONAL = '__personal__';

export function CompanySwitcher() {
  const id = useId();
  const client = useQueryClient();
  const permissions = useAuth((s) => s.user?.permissions);
  const current = useAuth((s) => s.currentCompanyId);
  const options = companySwitcherOptions(permissions, current);
  return (
    <div className="company-switcher">
      <label className="menu__heading" htmlFor={id}>
        Account
      </label>
      <select
        id={id}
        className="field__input"
        value={current ?? PERSONAL}
        onChange={(event) => {
          const value = event.target.value === PERSONAL ? null : event.target.value;
          switchCompany(value);
          // Company-scoped reads (updates, projects) must be asked again for the new company.
          client.invalidateQueries({ queryKey: queryKeys.company.all });
        }}
      >
        {options.map((option) => (
          <option key={option.value ?? PERSONAL} value={option.value ?? PERSONAL} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
