// One item's history for its own company (issue 13): its file versions, who downloaded it through a
// share or vendor link (user, company, when, which version), and its changes (the audit trail).
import { DATE_FORMATS, formatDate, type SharedItemKind } from '@permitdesk/core';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { AuditTrail } from '../../../ui/audit-trail.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';

export function ItemHistory({ companyId, kind, itemId, name }: { companyId: number; kind: SharedItemKind; itemId: number; name: string }) {
  const history = useQuery({
    queryKey: queryKeys.sharing.history(companyId, kind, itemId),
    queryFn: ({ signal }) => api.companies.itemHistory({ params: { id: companyId, kind, itemId }, signal, silent: true }),
  });
  if (history.error !== undefined) return <Unavailable error={history.error} />;
  if (!history.data) return <Spinner label="Loading the history" />;
  const { versions, downloads, changes } = history.data;
  const versionOf = (documentId: number | null) => {
    const index = versions.findIndex((v) => v.documentId === documentId);
    return index < 0 ? 'an older file' : `version ${versions.length - index}`;
  };
  return (
    <section className="card stack" aria-label={`History of ${name}`}>
      <h2 className="card__title">History of {name}</h2>
      <h3>Downloads by the companies it is shared with</h3>
      {downloads.length === 0 ? (
        <p className="muted">Nobody it is shared with has downloaded it yet.</p>
      ) : (
        <PlainTable caption={`Downloads of ${name}`} headers={['When', 'Who', 'For', 'File']}>
          {downloads.map((d) => (
            <tr key={d.id}>
              <td>{formatDate(d.downloadedAt, DATE_FORMATS.usDateTime)}</td>
              <td>{d.user ? `${d.user.name} (${d.user.email})` : <span className="muted">A removed account</span>}</td>
              <td>{d.company?.name ?? 'Personal account'}</td>
              <td>{d.fileName} <span className="muted">({versionOf(d.documentId)})</span></td>
            </tr>
          ))}
        </PlainTable>
      )}
      <h3>File versions</h3>
      {versions.length === 0 ? (
        <p className="muted">No file yet.</p>
      ) : (
        <ul>
          {versions.map((v, index) => (
            <li key={v.documentId}>
              Version {versions.length - index}: {v.fileName} <span className="muted">({formatDate(v.createdAt, DATE_FORMATS.usDateTime)}{v.current ? ', current' : ''})</span>
            </li>
          ))}
        </ul>
      )}
      <h3>Changes</h3>
      <AuditTrail entries={changes} label={`Changes of ${name}`} />
    </section>
  );
}
