// A legal text served by the server (integrations.policy): operators replace the documents, not the code.
import type { Policy } from '@permitdesk/core';
import { api } from '../session/api.js';
import { FOR_SESSION } from '../data/query-client.js';
import { queryKeys } from '../data/query-keys.js';
import { useQuery } from '../data/use-query.js';
import { Alert } from './alert.js';
import { PageSpinner } from './spinner.js';

export function PolicyDocument({ kind }: { kind: Policy['kind'] }) {
  const { data, error, loading } = useQuery({
    queryKey: queryKeys.policy(kind),
    queryFn: ({ signal }) => api.integrations.policy({ params: { kind }, signal, silent: true }),
    staleTime: FOR_SESSION,
  });
  if (loading) return <PageSpinner />;
  if (error || !data) return <div className="container container--text"><Alert kind="error" title="Document unavailable">This document could not be loaded. Please try again later.</Alert></div>;
  return (
    <article className="container container--text prose">
      <h1 className="page-title">{data.title}</h1>
      <p className="muted">Last updated {new Date(data.updatedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}</p>
      {/* The server's own policy documents, written by the operator. */}
      <div dangerouslySetInnerHTML={{ __html: data.html }} />
    </article>
  );
}
