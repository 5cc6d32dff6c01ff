// The municipality of a local business license: searched by name within the chosen state (the public
// municipality lookup), picked from a list. The permit form's license lookup matches on it.
import { useId, useState } from 'react';
import type { Municipality } from '@permitdesk/core';
import { FOR_SESSION } from '../../../data/query-client.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useDebouncedValue } from '../../../data/use-debounced-value.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';

export function MunicipalityPicker({ stateCode, value, onChange }: { stateCode: string; value: string; onChange: (id: string) => void }) {
  const searchId = useId();
  const selectId = useId();
  const [keyword, setKeyword] = useState('');
  const typed = useDebouncedValue(keyword.trim(), 250);
  const query = { state: stateCode, ...(typed ? { keyword: typed } : {}), size: '20' };
  const search = useQuery({
    queryKey: stateCode ? queryKeys.municipalities(query) : null,
    queryFn: ({ signal }) => api.lookups.municipalities({ query, signal, silent: true }),
    staleTime: FOR_SESSION,
    keepPreviousData: true,
  });
  const found: Municipality[] = stateCode && search.error === undefined ? (search.data?.items ?? []) : [];
  const known = found.some((m) => String(m.id) === value);
  return (
    <div className="form-grid">
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          Find the municipality
        </label>
        <input id={searchId} className="field__input" type="search" value={keyword} disabled={!stateCode} placeholder={stateCode ? 'City or county name' : 'Choose the state first'} onChange={(event) => setKeyword(event.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Municipality
        </label>
        <select id={selectId} className="field__input field__select" value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Not set</option>
          {value && !known && <option value={value}>The current municipality</option>}
          {found.map((municipality) => (
            <option key={municipality.id} value={String(municipality.id)}>
              {municipality.name}
              {municipality.countyName ? ` (${municipality.countyName})` : ''}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
