// The municipality of a local business license: searched by name within the chosen state (the public
// municipality lookup), picked from a list. The permit form's license lookup matches on it.
import { useEffect, useId, useState } from 'react';
import type { Municipality } from '@permitdesk/core';
import { api } from '../../session/api.js';

export function MunicipalityPicker({ stateCode, value, onChange }: { stateCode: string; value: string; onChange: (id: string) => void }) {
  const searchId = useId();
  const selectId = useId();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Municipality[]>([]);
  useEffect(() => {
    if (!stateCode) return setFound([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.lookups
        .municipalities({ query: { state: stateCode, ...(keyword.trim() ? { keyword: keyword.trim() } : {}), size: '20' }, signal: controller.signal, silent: true })
        .then((page) => setFound(page.items))
        .catch(() => !controller.signal.aborted && setFound([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [stateCode, keyword]);
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
