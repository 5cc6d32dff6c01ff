// /search: find a municipality by name and state, or start a request straight away with the widget.
import { US_STATES } from '@permitdesk/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CoverageCount } from '../../ui/coverage-count.js';
import { ServiceNotice } from '../../ui/service-notice.js';
import { WidgetHost } from '../../ui/widget-host.js';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const [widgetOpen, setWidgetOpen] = useState(false);
  const keyword = params.get('keyword') ?? '';
  const state = params.get('state') ?? '';
  const query = { keyword, page: '1', size: '20', ...(state ? { state } : {}) };
  const results = useQuery({
    queryKey: keyword || state ? queryKeys.municipalities(query) : null,
    queryFn: ({ signal }) => api.lookups.municipalities({ query, signal, silent: true }),
    staleTime: FOR_SESSION,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    const k = String(form.get('keyword') ?? '').trim();
    const s = String(form.get('state') ?? '');
    if (k) next.keyword = k;
    if (s) next.state = s;
    setParams(next);
  };

  return (
    <div className="container">
      <h1 className="page-title">Find your municipality</h1>
      <p className="page-lead">
        Search the <CoverageCount /> municipalities we cover, or start a request from the job-site address.
      </p>
      <form className="card row" role="search" onSubmit={submit} style={{ alignItems: 'flex-end' }}>
        <div className="field" style={{ flex: 2, minWidth: 200, margin: 0 }}>
          <label className="field__label" htmlFor="search-keyword">
            Municipality name
          </label>
          <input id="search-keyword" name="keyword" className="field__input" defaultValue={keyword} placeholder="e.g. Springfield" />
        </div>
        <div className="field" style={{ flex: 1, minWidth: 160, margin: 0 }}>
          <label className="field__label" htmlFor="search-state">
            State
          </label>
          <select id="search-state" name="state" className="field__input" defaultValue={state}>
            <option value="">Any state</option>
            {US_STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button className="btn" type="submit">
          Search
        </button>
        <button className="btn btn--accent" type="button" onClick={() => setWidgetOpen(true)}>
          Start with an address
        </button>
      </form>
      <section aria-live="polite" style={{ marginTop: '1.5rem' }}>
        {results.loading && <Spinner label="Searching..." />}
        {results.error ? <Alert kind="error" title="Search failed">Please try again.</Alert> : null}
        {results.data && (
          <>
            <p className="muted">{results.data.totalCount.toLocaleString('en-US')} municipalities found</p>
            <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
              {results.data.items.map((m) => (
                <li key={m.id} className="card">
                  <Link className="card__link" to={`/us/${m.slug}`}>
                    {m.name}
                  </Link>
                  <p className="muted" style={{ margin: 0 }}>
                    {[m.countyName, m.stateCode].filter(Boolean).join(', ')}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <div style={{ marginTop: '2rem' }}>
        <ServiceNotice />
      </div>
      {widgetOpen && <WidgetHost />}
    </div>
  );
}
