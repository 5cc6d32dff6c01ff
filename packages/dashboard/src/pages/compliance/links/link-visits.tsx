// Every visit of one public link, newest first: when, from roughly where (when the server has a
// geolocation source; the network otherwise), and which files were downloaded.
import { DATE_FORMATS, formatDate, LINK_ITEM_KIND_LABELS, type ComplianceLink, type LinkVisit } from '@permitdesk/core';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';

const placeText = (entry: { place: string | null; network?: string | null }) => entry.place ?? (entry.network ? `Unknown place (network ${entry.network})` : 'Unknown place');

function Downloads({ downloads }: { downloads: LinkVisit['downloads'] }) {
  if (downloads.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="link-visits__downloads">
      {downloads.map((d, index) => (
        <li key={index}>
          {d.fileName} <span className="muted">({LINK_ITEM_KIND_LABELS[d.kind]}, {formatDate(d.downloadedAt, DATE_FORMATS.usDateTime)})</span>
        </li>
      ))}
    </ul>
  );
}

export function LinkVisits({ companyId, link }: { companyId: string; link: ComplianceLink }) {
  const detail = useQuery({
    queryKey: queryKeys.complianceLinks.detail(companyId, link.id),
    queryFn: ({ signal }) => api.complianceLinks.get({ params: { companyId, linkId: link.id }, signal, silent: true }),
  });
  const title = `Visits of ${link.label ?? `link #${link.id}`}`;
  if (detail.error !== undefined) return <Unavailable error={detail.error} />;
  if (!detail.data) return <Spinner label="Loading visits" />;
  const { visits, otherDownloads } = detail.data;
  return (
    <section className="card" aria-label={title}>
      <h3 className="card__title">{title}</h3>
      {visits.length === 0 ? (
        <p className="muted">Nobody has opened this link yet.</p>
      ) : (
        <PlainTable caption={title} headers={['When', 'From', 'Downloaded']}>
          {visits.map((visit) => (
            <tr key={visit.id}>
              <td>{formatDate(visit.visitedAt, DATE_FORMATS.usDateTime)}</td>
              <td>{placeText(visit)}</td>
              <td>
                <Downloads downloads={visit.downloads} />
              </td>
            </tr>
          ))}
        </PlainTable>
      )}
      {otherDownloads.length > 0 && (
        <>
          <h4>Other downloads</h4>
          <Downloads downloads={otherDownloads} />
        </>
      )}
    </section>
  );
}
