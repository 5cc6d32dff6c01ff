// /project-radar/search and /project-radar/sorting: the radar search from the URL (placeholder of issue 6).
import { PROJECT_SEARCH, PROJECT_SORTS, PROJECT_STATUS_FILTERS, type ProjectSearchParams } from '@permitdesk/core';
import { useSearchParams } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { PermitTable } from '../../components/permit-table.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

export default function RadarSearchPage() {
  const [params] = useSearchParams();
  const companyId = useAuth((s) => s.currentCompanyId);
  const keyword = params.get('keyword') ?? '';
  const status = pick(params.get('status'), PROJECT_STATUS_FILTERS);
  const sort = pick(params.get('sort'), PROJECT_SORTS);
  const searchFields = params.get('searchFields');
  const query: ProjectSearchParams = {
    ...PROJECT_SEARCH,
    keyword,
    ...(status ? { status } : {}),
    ...(sort ? { sort } : {}),
    ...(searchFields ? { searchFields } : {}),
    ...(companyId ? { companyId: Number(companyId) } : {}),
  };
  const results = useQuery(`company:${companyId ?? 'personal'}:search:${JSON.stringify(query)}`, () => api.projects.search({ query }));
  return (
    <div className="container">
      <h1 className="page-title">Project Radar search</h1>
      <p className="muted">{keyword ? `Results for “${keyword}”` : status === 'HasPermit' ? 'All permits' : 'All projects'}</p>
      <DataState query={results}>
        {(page) => (
          <>
            <p data-testid="radar-count">{page.totalCount.toLocaleString('en-US')} found</p>
            <PermitTable rows={page.items} empty={keyword ? 'No Projects Found' : 'No Matches Found'} />
          </>
        )}
      </DataState>
    </div>
  );
}
