// /assigned-projects: the permits of projects other companies assigned to the company in scope
// (companies.assignedProjects), 20 a page by the x-pagination-* headers, each linking to its project.
import { DATE_FORMATS, formatDate, permitStatusView, projectPermitUrl, type ProjectSearchRow } from '@permitdesk/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Unavailable } from '../../../ui/unavailable.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { DataTable } from '../../../ui/data-table.js';
import { Pager } from '../../../ui/pager.js';
import { NO_PROJECTS_FOUND } from '../../radar/radar-messages.js';
import { StatusBar } from '../../../ui/status-bar.js';
import { CompanyRequired } from '../layout/company-required.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';

/** SPEC §9: project lists ask for 20 from page 1. */
export const ASSIGNED_PAGE_SIZE = 20;

function AssignedProjects({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: queryKeys.assignedProjects(companyId, page),
    queryFn: ({ signal }) =>
      api.companies.assignedProjects({ params: { id: companyId }, query: { page, size: ASSIGNED_PAGE_SIZE }, signal, silent: true }),
  });
  const columns = useMemo<ColumnDef<ProjectSearchRow, unknown>[]>(
    () => [
      { id: 'customer', header: 'Customer', size: 200, cell: ({ row }) => <Link to={projectPermitUrl(row.original.projectId, row.original.id)}>{row.original.customerName}</Link> },
      { id: 'work', header: 'Work', size: 180, cell: ({ row }) => row.original.taskName },
      { id: 'address', header: 'Job Address', size: 260, cell: ({ row }) => row.original.projectAddress },
      { id: 'municipality', header: 'Municipality', size: 180, cell: ({ row }) => row.original.municipality.name },
      { id: 'status', header: 'Status', size: 190, cell: ({ row }) => <StatusBar view={permitStatusView(row.original, new Date())} compact /> },
      { id: 'added', header: 'Date Added', size: 120, cell: ({ row }) => formatDate(row.original.createdAt, DATE_FORMATS.date) },
    ],
    [],
  );
  if (result.error !== undefined) {
    return <Unavailable error={result.error} />;
  }
  return (
    <>
      {result.data && (
        <p className="muted">
          {result.data.totalCount.toLocaleString('en-US')} permit{result.data.totalCount === 1 ? '' : 's'} assigned to this company by others.
        </p>
      )}
      <DataTable caption="Assigned projects" data={result.data?.items ?? []} columns={columns} getRowId={(row) => String(row.id)} emptyMessage={NO_PROJECTS_FOUND} busy={result.loading} />
      {result.data && <Pager page={result.data.page} pageCount={result.data.pageCount} onPage={setPage} />}
    </>
  );
}

export default function AssignedProjectsPage() {
  return (
    <ComplianceLayout title="Assigned Projects">
      <CompanyRequired>
        {(scope) =>
          scope.vendorFor ? <p className="card">A vendor&apos;s assigned projects show on your radar with the vendor in the Assigned column.</p> : <AssignedProjects companyId={scope.companyId} />
        }
      </CompanyRequired>
    </ComplianceLayout>
  );
}
