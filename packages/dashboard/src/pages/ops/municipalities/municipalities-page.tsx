// /ops/municipalities: the municipality directory's search (issue 12). Keyword and state, as the public
// municipality search; each row shows the phone the widget shows and when the team last changed it.
import { DATE_FORMATS, formatDate, formatPhone, pageCount, US_STATES, type DirectoryMunicipality, type HeaderPage } from '@permitdesk/core';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Pager } from '../../../ui/pager.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { StaffGate } from '../staff-gate.js';
import { formatCutoffHour } from '../../../ui/cutoff-time.js';
import './municipalities.css';

const PAGE_SIZE = 25;

export default function MunicipalitiesPage() {
  return (
    <StaffGate>
      <MunicipalityDirectory />
    </StaffGate>
  );
}

export function MunicipalityDirectory() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const state = params.get('state') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(keyword);
  const [pickedState, setPickedState] = useState(state);
  const query = { keyword, state, page: String(page), size: String(PAGE_SIZE) };
  const list = useQuery<HeaderPage<DirectoryMunicipality>>({
    queryKey: queryKeys.ops.municipalities(query),
    queryFn: ({ signal }) => api.opsQuotes.municipalities({ query, signal, silent: true }),
    keepPreviousData: true,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (typed.trim()) next.set('keyword', typed.trim());
    if (pickedState) next.set('state', pickedState);
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };
  return (
    <section className="container directory" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="page-title">
        Municipality directory
      </h1>
      <p className="muted">Search the municipalities and keep what the team learns: phone numbers, portal, cut-off hour, turnaround and notes.</p>
      <form className="directory__search" role="search" onSubmit={search}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-keyword`}>
            Municipality name
          </label>
          <input id={`${id}-keyword`} className="field__input" type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-state`}>
            State
          </label>
          <select id={`${id}-state`} className="field__input" value={pickedState} onChange={(e) => setPickedState(e.target.value)}>
            <option value="">Every state</option>
            {US_STATES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      {list.error !== undefined ? (
        <Unavailable error={list.error} fallback="The directory could not be loaded." />
      ) : !list.data ? (
        <Spinner label="Loading the municipalities" />
      ) : list.data.items.length === 0 ? (
        <p>No municipality matches this search.</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {list.data.totalCount.toLocaleString('en-US')} municipalities
          </p>
          <table className="directory__table" aria-label="Municipalities">
            <thead>
              <tr>
                <th scope="col">Municipality</th>
                <th scope="col">State</th>
                <th scope="col">County</th>
                <th scope="col">Main phone</th>
                <th scope="col">Cut-off</th>
                <th scope="col">Last changed by the team</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/ops/municipalities/${row.id}`}>{row.name}</Link>
                  </td>
                  <td>{row.stateCode}</td>
                  <td>{row.countyName ?? '—'}</td>
                  <td>{row.mainPhone ? formatPhone(row.mainPhone) : <span className="muted">None yet</span>}</td>
                  <td>{formatCutoffHour(row.cutoffHour)}</td>
                  <td>{row.updatedAt ? formatDate(row.updatedAt, DATE_FORMATS.usDateTime) : <span className="muted">Never</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pageCount={pageCount(list.data.totalCount, PAGE_SIZE)} onPage={goTo} />
        </>
      )}
    </section>
  );
}
