// /licenses, /insurances, /certificates: one kind of vault item of the company in scope, as a table
// (active or archived, searched by keyword on the server) with add, edit, archive, restore, upload and
// download of the attached file for its Owner and Administrators; read-only for PMs and Observers, and
// in vendor mode (the vendor's shared wallet).
import { canCreateAccess, DATE_FORMATS, formatDate, formatUsd, type Insurance, type License } from '@permitdesk/core';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { Unavailable } from '../../../ui/unavailable.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { Modal } from '../../../ui/modal.js';
import { notify } from '../../../ui/notify.js';
import { api } from '../../../session/api.js';
import { DataTable } from '../../../ui/data-table.js';
import { ExportCsvButton } from '../../../ui/export-csv-button.js';
import { CompanyRequired } from '../layout/company-required.js';
import { ExpiryPill } from './expiry-pill.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import type { ComplianceScope } from '../compliance-scope.js';
import { FileCell } from './file-cell.js';
import { uploadCompanyFile, uploadFailure } from './upload-company-file.js';
import { VaultItemForm } from './vault-item-form.js';
import { VAULT_KINDS, type VaultItem, type VaultKind, type VaultKindConfig } from './vault-kinds.js';
import { useRecordChanges, RecordActions, StatusFilter, type RecordStatus } from './vault-parts.js';

/** The export of each kind's table (GET /v4/exports/companies/{id}/{kind}.csv). */
const EXPORT_OF = { license: 'licenses', insurance: 'insurances', certificate: 'certificates' } as const satisfies Record<VaultKind, string>;

/** Sorts the rows for the table (the list is one company's: small enough to sort here). */
export function sortRows(rows: readonly VaultItem[], sorting: SortingState): VaultItem[] {
  const rule = sorting[0];
  if (!rule) return [...rows];
  const key = rule.id as 'name' | 'expiresOn';
  const direction = rule.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = a[key] ?? '\uffff';
    const y = b[key] ?? '\uffff';
    return direction * x.localeCompare(y, 'en', { sensitivity: 'base', numeric: true });
  });
}

function VaultTable({ config, scope }: { config: VaultKindConfig; scope: ComplianceScope & { companyId: string } }) {
  const { companyId, vendorFor } = scope;
  const canChange = !vendorFor && canCreateAccess(scope.role);
  const [status, setStatus] = useState<RecordStatus>('active');
  const [keyword, setKeyword] = useState('');
  const searched = useDeferredValue(keyword.trim());
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [editing, setEditing] = useState<VaultItem | 'new' | null>(null);
  const searchId = useId();

  const rows = useQuery({
    queryKey: queryKeys.vault.items(config.kind, companyId, vendorFor ?? '', status, searched),
    queryFn: async ({ signal }) => {
      if (!vendorFor) return config.list(companyId, { status, ...(searched ? { keyword: searched } : {}) }, signal);
      // Vendor mode: the vendor's wallet as shared with the client, filtered here.
      const shared = await api.companies.sharedCompliance({ params: { vendorId: companyId }, query: { 'vendor-for': vendorFor, 'include-version': 'true' }, signal, silent: true });
      const word = searched.toLowerCase();
      return (shared[config.shared] as VaultItem[]).filter((item) => item.status === status && (!word || `${item.name} ${item.number ?? ''} ${item.issuer ?? ''}`.toLowerCase().includes(word)));
    },
  });

  const { changed, act } = useRecordChanges(queryKeys.vault.of(config.kind, companyId));
  const upload = (item: VaultItem, file: File) =>
    void uploadCompanyFile(companyId, file, { documentableType: config.documentableType, documentableId: config.idOf(item) }).then(
      () => changed(`The file ${file.name} has been uploaded.`),
      (error: unknown) => notify('error', 'The file could not be uploaded.', uploadFailure(error)),
    );

  const columns = useMemo<ColumnDef<VaultItem, unknown>[]>(() => {
    const list: ColumnDef<VaultItem, unknown>[] = [{ id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true, size: 180 }];
    if (config.kind === 'license') {
      // 'State (CO)' or 'Local': the kind of license and where it holds, in one column.
      list.push({
        id: 'type',
        header: 'Type',
        size: 90,
        cell: ({ row }) => ((row.original as License).licenseType === 'local' ? 'Local' : `State${row.original.stateCode ? ` (${row.original.stateCode})` : ''}`),
      });
    }
    list.push(
      { id: 'number', header: config.numberLabel, size: 120, cell: ({ row }) => row.original.number ?? '—' },
      { id: 'issuer', header: config.issuerLabel, size: 130, cell: ({ row }) => row.original.issuer ?? '—' },
    );
    if (config.kind === 'insurance') {
      list.push({ id: 'coverage', header: 'Coverage', size: 130, cell: ({ row }) => ((row.original as Insurance).coverageAmount == null ? '—' : formatUsd((row.original as Insurance).coverageAmount)) });
    } else if (config.kind === 'certificate') {
      list.push({ id: 'state', header: 'State', size: 70, cell: ({ row }) => row.original.stateCode ?? '—' });
    }
    list.push(
      {
        id: 'expiresOn',
        header: 'Expires',
        accessorKey: 'expiresOn',
        enableSorting: true,
        size: 160,
        cell: ({ row }) => (
          <div className="vault-actions">
            <span>{row.original.expiresOn ? formatDate(row.original.expiresOn, DATE_FORMATS.date) : '—'}</span>
            {row.original.status === 'active' && row.original.expiresOn && <ExpiryPill expiresOn={row.original.expiresOn} />}
          </div>
        ),
      },
      { id: 'file', header: 'File', size: 170, cell: ({ row }) => <FileCell item={row.original} canChange={canChange} onUpload={(file) => upload(row.original, file)} /> },
    );
    if (canChange) {
      list.push({
        id: 'actions',
        header: 'Actions',
        size: 150,
        cell: ({ row }) => {
          const item = row.original;
          const id = config.idOf(item);
          return (
            <RecordActions
              record={item}
              onEdit={() => setEditing(item)}
              onArchive={() => act(() => config.archive(companyId, id), `The ${config.singular} has been archived.`, `The ${config.singular} could not be archived.`)}
              onRestore={() => act(() => config.restore(companyId, id), `The ${config.singular} has been restored.`, `The ${config.singular} could not be restored.`)}
            />
          );
        },
      });
    }
    return list;
    // `upload` and `act` only close over the company and the config named here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config, canChange, companyId]);

  const data = useMemo(() => sortRows(rows.data ?? [], sorting), [rows.data, sorting]);
  useEffect(() => setEditing(null), [companyId]);

  return (
    <>
      <div className="vault-toolbar">
        <StatusFilter value={status} onChange={setStatus} />
        <div className="field">
          <label className="field__label" htmlFor={searchId}>
            Search {config.title.toLowerCase()}
          </label>
          <input id={searchId} className="field__input" type="search" value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder="Name, number or issuer" />
        </div>
        <span className="vault-toolbar__spacer" />
        {!vendorFor && <ExportCsvButton request={{ export: EXPORT_OF[config.kind], companyId: Number(companyId), query: { status, ...(searched ? { keyword: searched } : {}) } }} />}
        {canChange && (
          <button type="button" className="btn" onClick={() => setEditing('new')}>
            Add {config.singular === 'insurance' ? 'Insurance' : config.singular === 'license' ? 'License' : 'Certificate'}
          </button>
        )}
      </div>
      {!canChange && !vendorFor && (
        <p className="muted">
          {scope.company ? 'Your role lets you view these records; an owner or an administrator keeps them up to date.' : 'Shared with your company as a guest: read-only.'}
        </p>
      )}
      {rows.error !== undefined ? (
        <Unavailable error={rows.error} />
      ) : (
        <DataTable
          caption={`${config.title} (${status})`}
          data={data}
          columns={columns}
          getRowId={(item) => String(config.idOf(item))}
          sorting={sorting}
          onSortingChange={setSorting}
          emptyMessage={searched ? 'No Matches Found' : status === 'archived' ? `No archived ${config.title.toLowerCase()}.` : `No ${config.title.toLowerCase()} yet.`}
          busy={rows.loading}
        />
      )}
      <Modal open={editing !== null} wide title={editing === 'new' ? `Add ${config.singular}` : `Edit ${config.singular}`} onClose={() => setEditing(null)}>
        {editing !== null && (
          <VaultItemForm
            config={config}
            companyId={companyId}
            item={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              changed(editing === 'new' ? `The ${config.singular} has been added.` : `The ${config.singular} has been updated.`);
            }}
          />
        )}
      </Modal>
    </>
  );
}

export function VaultPage({ kind }: { kind: VaultKind }) {
  const config = VAULT_KINDS[kind];
  return (
    <ComplianceLayout title={config.title}>
      <CompanyRequired>{(scope) => <VaultTable config={config} scope={scope} />}</CompanyRequired>
    </ComplianceLayout>
  );
}
