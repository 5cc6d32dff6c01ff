// The items of one shared wallet (issue 13), read live through GET /v4/companies/{owner}/compliance/shared
// ?vendor-for={viewer}: each with its live validity (core's itemValidity: valid, expiring in N days,
// expired, missing), and a download button only where there is a file to give. A refused download shows
// the server's message (a share that ended says so) and the lists are asked again, so an ended share no
// longer offers anything. The owner's side opens each item's history and downloads.
import { DATE_FORMATS, formatDate, itemValidity, todayIso, type SharedItemKind } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useState } from 'react';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { ItemHistory } from './item-history.js';

export interface SharedItem {
  kind: SharedItemKind;
  id: number;
  name: string;
  number: string | null;
  expiresOn: string | null;
  fileName: string | null;
  file: string | null;
}

const KIND_LABEL: Record<SharedItemKind, string> = { license: 'License', insurance: 'Insurance', certificate: 'Certificate' };
const PILL = { valid: 'valid', expiring: 'expiring', expired: 'expired', missing: 'muted' } as const;
const DOWNLOAD_FAILED = 'The file could not be opened.';

/** The share's items, read live; `onRefused` gets the server's message of a refused download (kept by the card, which outlives an ended share's items). */
export function SharedItems({ ownerId, viewerId, owner, onRefused }: { ownerId: number; viewerId: number; owner: boolean; onRefused: (message: string | null) => void }) {
  const client = useQueryClient();
  const [history, setHistory] = useState<string | null>(null);
  const wallet = useQuery({
    queryKey: queryKeys.sharing.items(ownerId, viewerId),
    queryFn: ({ signal }) => api.companies.sharedCompliance({ params: { vendorId: ownerId }, query: { 'vendor-for': String(viewerId), 'include-version': 'true' }, signal, silent: true }),
  });
  // A vendor that shares nothing with the reader is a state, not a failure: its message, without the red alert.
  if (isApiRequestError(wallet.error) && wallet.error.code === 'NOT_SHARED') return <p className="muted">{wallet.error.message}</p>;
  if (wallet.error !== undefined) return <Unavailable error={wallet.error} />;
  if (!wallet.data) return <Spinner label="Loading shared items" />;
  const items: SharedItem[] = [
    ...wallet.data.licenses.map((l) => ({ kind: 'license' as const, id: l.licenseId, name: l.name, number: l.number, expiresOn: l.expiresOn, fileName: l.fileName ?? null, file: l.file ?? null })),
    ...wallet.data.insurances.map((i) => ({ kind: 'insurance' as const, id: i.insuranceId, name: i.name, number: i.number, expiresOn: i.expiresOn, fileName: i.fileName ?? null, file: i.file ?? null })),
    ...wallet.data.certificates.map((c) => ({ kind: 'certificate' as const, id: c.certificateId, name: c.name, number: c.number, expiresOn: c.expiresOn, fileName: c.fileName ?? null, file: c.file ?? null })),
  ];
  if (items.length === 0) return <p className="muted">Nothing in this wallet is shared yet.</p>;
  const today = todayIso();
  const download = async (item: SharedItem) => {
    onRefused(null);
    try {
      const { url } = await api.documents.presignedDownload({ query: { file: item.file! }, silent: true });
      window.open(url, '_blank', 'noopener');
    } catch (failure) {
      onRefused(failure instanceof Error && failure.message ? failure.message : DOWNLOAD_FAILED);
      // The share may have ended: ask the lists again, so nothing offers what cannot work.
      client.invalidateQueries({ queryKey: queryKeys.sharing.all });
    }
  };
  const key = (item: SharedItem) => `${item.kind}:${item.id}`;
  const shown = items.find((item) => key(item) === history);
  return (
    <div className="stack">
      <PlainTable caption="Shared items" headers={['Kind', 'Name', 'Number', 'Expires', 'Validity', 'File', ...(owner ? ['History'] : [])]}>
        {items.map((item) => {
          const validity = itemValidity(item, today);
          return (
            <tr key={key(item)}>
              <td>{KIND_LABEL[item.kind]}</td>
              <td>{item.name}</td>
              <td>{item.number ?? <span className="muted">—</span>}</td>
              <td>{item.expiresOn ? formatDate(item.expiresOn, DATE_FORMATS.date) : <span className="muted">Does not expire</span>}</td>
              <td><span className={`status-pill status-pill--${PILL[validity.state]}`}>{validity.text}</span></td>
              <td>
                {item.file && item.fileName ? (
                  <button type="button" className="link-button" onClick={() => void download(item)} aria-label={`Download ${item.fileName}`}>{item.fileName}</button>
                ) : (
                  <span className="muted">No file</span>
                )}
              </td>
              {owner && (
                <td>
                  <button type="button" className="btn btn--sm btn--ghost" aria-expanded={history === key(item)} onClick={() => setHistory(history === key(item) ? null : key(item))} aria-label={`History of ${item.name}`}>
                    History
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      </PlainTable>
      {owner && shown && <ItemHistory companyId={ownerId} kind={shown.kind} itemId={shown.id} name={shown.name} />}
    </div>
  );
}
