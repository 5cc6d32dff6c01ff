// /us/{state}/{county}/{city}/{municipality}: one page per municipality of the database (contact,
// cutoff time, tasks offered, a button opening the widget), and lists for the partial paths.
import { formatPhone, US_STATES, type Municipality } from '@permitdesk/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatCutoffHour } from '../../ui/cutoff-time.js';
import { ServiceNotice } from '../../ui/service-notice.js';
import { WidgetHost } from '../../ui/widget-host.js';
import { FOR_SESSION } from '../../data/query-client.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { PageSpinner } from '../../ui/spinner.js';

const words = (slug: string) => slug.replace(/-/g, ' ');
const PAGE_SIZE = 50;

export default function MunicipalityPage() {
  const { state = '', county, city, municipalityName } = useParams();
  if (county && city && municipalityName) return <MunicipalityDetail slug={[state, county, city, municipalityName].join('/')} />;
  return <MunicipalityList state={state} prefix={[state, county, city].filter(Boolean).join('/')} keyword={city ?? county} />;
}

function MunicipalityDetail({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false);
  const place = useQuery({
    queryKey: queryKeys.municipality(slug),
    queryFn: ({ signal }) => api.lookups.municipalityBySlug({ query: { slug }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  const services = useQuery({ queryKey: queryKeys.permitServices, queryFn: ({ signal }) => api.lookups.permitServices({ signal, silent: true }), staleTime: FOR_SESSION });
  if (place.loading) return <PageSpinner />;
  if (place.error || !place.data) {
    return (
      <div className="container container--text">
        <Alert kind="warning" title="Municipality not found">We have no municipality at this address yet.</Alert>
        <Link to="/coverage">See every municipality we cover</Link>
      </div>
    );
  }
  const m: Municipality = place.data;
  const main = m.phoneNumbers.find((p) => p.label.toLowerCase() === 'main') ?? m.phoneNumbers[0];
  const stateLabel = US_STATES.find((s) => s.value === m.stateCode)?.label ?? m.stateCode;
  return (
    <>
      <section className="hero">
        <div className="container">
          <p style={{ marginBottom: '0.25rem' }}>
            <Link to={`/us/${m.stateCode.toLowerCase()}`} style={{ color: '#fff' }}>
              {stateLabel}
            </Link>
            {m.countyName ? ` · ${m.countyName}` : ''}
          </p>
          <h1>Permits through {m.name}</h1>
          <p>We prepare and file your permit application with {m.name} and follow it until it is issued.</p>
          <button type="button" className="btn btn--accent" onClick={() => setOpen(true)}>
            Start a permit request
          </button>
        </div>
      </section>
      <div className="container">
        <div className="grid">
          <section className="card">
            <h2 className="card__title">Contact</h2>
            {main ? (
              <p>
                Main phone: <a href={`tel:${main.phoneNumber}`}>{formatPhone(main.phoneNumber)}</a>
              </p>
            ) : (
              <p className="muted">No phone number on file.</p>
            )}
          </section>
          <section className="card">
            <h2 className="card__title">Cutoff Time {formatCutoffHour(m.permitCutoffHour)}</h2>
            <p className="muted">Requests received after the cutoff time are filed on the next business day.</p>
          </section>
        </div>
        <section style={{ marginTop: '2rem' }}>
          <h2>Permits we file here</h2>
          {services.loading && <PageSpinner />}
          {services.data && (
            <div className="grid">
              {services.data.map((group) => (
                <div key={group.category} className="card">
                  <h3 className="card__title">{group.category}</h3>
                  <ul>
                    {group.tasks.map((task) => (
                      <li key={task.id}>{task.name}</li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          )}
        </section>
        <div style={{ marginTop: '2rem' }}>
          <ServiceNotice />
        </div>
      </div>
      {open && <WidgetHost address={`${m.name}, ${m.stateCode}`} />}
    </>
  );
}

function MunicipalityList({ state, prefix, keyword }: { state: string; prefix: string; keyword: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const code = state.toUpperCase();
  const stateLabel = US_STATES.find((s) => s.value === code)?.label;
  const query = { state: code, page: String(page), size: String(PAGE_SIZE), ...(keyword ? { keyword: words(keyword) } : {}) };
  const list = useQuery({
    queryKey: stateLabel ? queryKeys.municipalities(query) : null,
    queryFn: ({ signal }) => api.lookups.municipalities({ query, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  if (!stateLabel) {
    return (
      <div className="container container--text">
        <Alert kind="warning" title="Unknown state">There is no US state with the code “{state}”.</Alert>
        <Link to="/coverage">Choose a state</Link>
      </div>
    );
  }
  const items = (list.data?.items ?? []).filter((m) => m.slug.startsWith(prefix.toLowerCase()));
  return (
    <div className="container">
      <h1 className="page-title">
        Permits in {keyword ? `${words(keyword).replace(/\b\w/g, (c) => c.toUpperCase())}, ` : ''}
        {stateLabel}
      </h1>
      <p className="page-lead">Choose a municipality to see its contact, cutoff time and the permits we file there.</p>
      {list.loading && <PageSpinner />}
      {list.error ? <Alert kind="error" title="List unavailable">We could not load the municipalities. Please try again later.</Alert> : null}
      {list.data && (
        <>
          <p className="muted">{list.data.totalCount.toLocaleString('en-US')} municipalities</p>
          <ul className="grid" style={{ listStyle: 'none', padding: 0 }}>
            {items.map((m) => (
              <li key={m.id} className="card">
                <Link className="card__link" to={`/us/${m.slug}`}>
                  {m.name}
                </Link>
                {m.countyName && <p className="muted" style={{ margin: 0 }}>{m.countyName}</p>}
              </li>
            ))}
          </ul>
          {items.length === 0 && <p>No municipalities found here.</p>}
          <nav className="row" aria-label="Pages" style={{ marginTop: '1.5rem' }}>
            <button type="button" className="btn btn--ghost btn--sm" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
              Previous
            </button>
            <span>
              Page {page} of {Math.max(1, list.data.pageCount)}
            </span>
            <button type="button" className="btn btn--ghost btn--sm" disabled={page >= list.data.pageCount} onClick={() => setParams({ page: String(page + 1) })}>
              Next
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
