// The files of the wallet an invitation is about, once its owner consented
// (GET /v4/lookup/compliance-permission-documents?invitation=).
import type { Document } from '@permitdesk/core';
import { useEffect, useState } from 'react';
import { api } from '../../session/api.js';

export function SharedDocuments({ invitationId, title = 'Documents in this wallet', version = 0 }: { invitationId: number; title?: string; version?: number }) {
  const [documents, setDocuments] = useState<Document[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api.companyLookups
      .compliancePermissionDocuments({ query: { invitation: invitationId }, signal: controller.signal, silent: true })
      .then(setDocuments)
      .catch(() => setDocuments([]));
    return () => controller.abort();
  }, [invitationId, version]);
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
