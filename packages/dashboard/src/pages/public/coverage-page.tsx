// /coverage: how many municipalities the database holds, per state, with a map (lookups.coverage).
import { US_STATES } from '@permitdesk/core';
import { Link } from 'react-router';
import { useCoverage } from '../../ui/coverage-count.js';
import { ServiceNotice } from '../../ui/service-notice.js';
import { UsTileMap } from '../../ui/us-tile-map.js';
import { Alert } from '../../ui/alert.js';
import { PlainTable } from '../../ui/plain-table.js';
import { PageSpinner } from '../../ui/spinner.js';

export default function CoveragePage() {
  const { data, error, loading } = useCoverage();
  if (loading) return <PageSpinner />;
  if (error || !data) return <div className="container"><Alert kind="error" title="Coverage unavailable">We could not load the coverage list. Please try again later.</Alert></div>;
  const counts = Object.fromEntries(data.states.map((s) => [s.stateCode, s.count]));
  const rows = [...data.states].sort((a, b) => a.stateCode.localeCompare(b.stateCode));
  return (
    <div className="container">
      <h1 className="page-title">Coverage</h1>
      <p className="page-lead">
        We file permits in <strong data-testid="coverage-total">{data.count.toLocaleString('en-US')}</strong> municipalities across{' '}
        {rows.length} states and territories.
      </p>
      <div className="card" style={{ marginBottom: '2rem' }}>
        <UsTileMap counts={counts} />
      </div>
      <PlainTable caption="Municipalities covered per state" headers={['State', 'Municipalities']}>
        {rows.map((s) => (
          <tr key={s.stateCode}>
            <td>
              <Link to={`/us/${s.stateCode.toLowerCase()}`}>{US_STATES.find((u) => u.value === s.stateCode)?.label ?? s.stateCode}</Link>
            </td>
            <td>{s.count.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </PlainTable>
      <div style={{ marginTop: '2rem' }}>
        <ServiceNotice />
      </div>
    </div>
  );
}
