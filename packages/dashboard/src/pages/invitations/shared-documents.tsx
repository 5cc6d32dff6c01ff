// The files of the wallet an invitation is about, once its owner consented
// (GET /v4/lookup/compliance-permission-documents?invitation=).
import type { Document } from '@permitdesk/core';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';

export function SharedDocuments({ invitationId, title = 'Documents in this wallet', version = 0 }: { invitationId: number; title?: string; version?: number }) {
  const query = useQuery<Document[]>({
    queryKey: queryKeys.invitations.sharedDocuments(invitationId, version),
    queryFn: ({ signal }) => api.companyLookups.compliancePermissionDocuments({ query: { invitation: invitationId }, signal, silent: true }),
  });
  const documents = query.error === undefined ? (query.data ?? []) : [];
  if (documents.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2 className="card__title">{title}</h2>
      <ul>
        {documents.map((document) => (
          <li key={document.documentId}>
            {document.fileName} <span className="muted">({document.documentableType})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
