// /documentations: the company's documentation as a table (active or archived, by keyword, by category
// Sorted / Unneeded / Unsorted), with add, edit, archive, restore, upload and download of its file for
// the Owner and Administrators. A file uploaded on its own starts an 'Unsorted' documentation.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { canCreateAccess, DATE_FORMATS, documentationInputSchema, DOCUMENTATION_CATEGORIES, formatDate, type Documentation, type DocumentationCategory } from '@permitdesk/core';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { Unavailable } from '../../../ui/unavailable.js';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { Alert } from '../../../ui/alert.js';
import { Field } from '../../../ui/field.js';
import { EnvelopesPanel } from '../../esign/envelopes-panel.js';
import { Modal } from '../../../ui/modal.js';
import { notify } from '../../../ui/notify.js';
import { DataTable } from '../../../ui/data-table.js';
import { CompanyRequired } from '../layout/company-required.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';
import type { ComplianceScope } from '../compliance-scope.js';
import { uploadCompanyFile, uploadFailure } from './upload-company-file.js';
import { FileCell } from './file-cell.js';
import { AttachFileField, FormActions, useRecordChanges, RecordActions, StatusFilter, type RecordStatus } from './vault-parts.js';
import { ExportCsvButton } from '../../../ui/export-csv-button.js';
type FormValues = v.InferInput<typeof documentationInputSchema>;
const CATEGORY_PILL: Record<DocumentationCategory, string> = { Sorted: 'status-pill--valid', Unneeded: 'status-pill--muted', Unsorted: 'status-pill--warning' };

function DocumentationForm({ companyId, item, onSaved, onCancel }: { companyId: string; item: Documentation | null; onSaved: () => void; onCancel: () => void }) {
  const categoryId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<FormValues>({
    resolver: valibotResolver(documentationInputSchema),
    defaultValues: { name: item?.name ?? '', category: item?.category ?? 'Unsorted' },
  });
  const submit = async (values: FormValues) => {
    setFailure(null);
    const body = { name: values.name, category: values.category ?? 'Unsorted' };
    let saved: Documentation;
    try {
      saved = item
        ? await api.companies.documentations.update({ params: { id: companyId, documentId: item.documentId }, body, silent: true })
        : await api.companies.documentations.create({ params: { id: companyId }, body, silent: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The documentation could not be saved.');
      return;
    }
    if (file) {
      await uploadCompanyFile(companyId, file, { documentableType: 'Company', documentableId: saved.documentId }).catch((error: unknown) =>
        notify('error', 'The file could not be uploaded.', uploadFailure(error)),
      );
    }
    onSaved();
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-label={item ? 'Edit documentation' : 'Add documentation'}>
      <fieldset disabled={formState.isSubmitting} className="plain-fieldset">
        <Field label="Name" error={formState.errors.name?.message} {...register('name')} />
        <div className="field">
          <label className="field__label" htmlFor={categoryId}>
            Category
          </label>
          <select id={categoryId} className="field__input field__select" defaultValue={item?.category ?? 'Unsorted'} {...register('category')}>
            {DOCUMENTATION_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <AttachFileField fileName={item?.fileName} onFile={setFile} />
        <FormActions failure={failure} saving={formState.isSubmitting} saveLabel="Save documentation" onCancel={onCancel} />
      </fieldset>
    </form>
  );
}

function DocumentationTable({ scope }: { scope: ComplianceScope & { companyId: string } }) {
  const { companyId } = scope;
  const canChange = canCreateAccess(scope.role);
  const [status, setStatus] = useState<RecordStatus>('active');
  const [category, setCategory] = useState<DocumentationCategory | ''>('');
  const [keyword, setKeyword] = useState('');
  const searched = useDeferredValue(keyword.trim());
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [editing, setEditing] = useState<Documentation | 'new' | null>(null);
  const ids = { category: useId(), search: useId() };
  const rows = useQuery({
    queryKey: queryKeys.vault.items('documentation', companyId, '', status, searched),
    queryFn: ({ signal }) =>
      api.companies.documentations.list({ params: { id: companyId }, query: { status, ...(searched ? { keyword: searched } : {}) }, signal, silent: true }),
  });
  const { changed, act } = useRecordChanges(queryKeys.vault.of('documentation', companyId));

  const columns = useMemo<ColumnDef<Documentation, unknown>[]>(() => {
    const list: ColumnDef<Documentation, unknown>[] = [
      { id: 'name', header: 'Name', accessorKey: 'name', enableSorting: true, size: 220 },
      { id: 'category', header: 'Category', size: 120, cell: ({ row }) => <span className={`status-pill ${CATEGORY_PILL[row.original.category]}`}>{row.original.category}</span> },
      {
        id: 'file',
        header: 'File',
        size: 230,
        cell: ({ row }) => (
          <FileCell
            item={row.original}
            canChange={canChange}
            onUpload={(file) =>
              act(() => uploadCompanyFile(companyId, file, { documentableType: 'Company', documentableId: row.original.documentId }), `The file ${file.name} has been uploaded.`, 'The file could not be uploaded.')
            }
          />
        ),
      },
      { id: 'createdAt', header: 'Added', accessorKey: 'createdAt', enableSorting: true, size: 190, cell: ({ row }) => formatDate(row.original.createdAt, DATE_FORMATS.usDateTime) },
    ];
    if (canChange) {
      list.push({
        id: 'actions',
        header: 'Actions',
        size: 170,
        cell: ({ row }) => {
          const item = row.original;
          const params = { id: companyId, documentId: item.documentId };
          return (
            <RecordActions
              record={item}
              onEdit={() => setEditing(item)}
              onArchive={() => act(() => api.companies.documentations.archive({ params, silent: true }), 'The documentation has been archived.', 'The documentation could not be archived.')}
              onRestore={() => act(() => api.companies.documentations.restore({ params, silent: true }), 'The documentation has been restored.', 'The documentation could not be restored.')}
            />
          );
        },
      });
    }
    return list;
    // `act` only closes over the company named here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canChange, companyId]);

  const data = useMemo(() => {
    const shown = (rows.data ?? []).filter((doc) => !category || doc.category === category);
    const rule = sorting[0];
    if (!rule) return shown;
    const key = rule.id as 'name' | 'createdAt';
    return [...shown].sort((a, b) => (rule.desc ? -1 : 1) * a[key].localeCompare(b[key], 'en', { sensitivity: 'base', numeric: true }));
  }, [rows.data, category, sorting]);

  return (
    <>
      <div className="vault-toolbar">
        <StatusFilter value={status} onChange={setStatus} />
        <div className="field">
          <label className="field__label" htmlFor={ids.category}>
            Category
          </label>
          <select id={ids.category} className="field__input field__select" value={category} onChange={(event) => setCategory(event.target.value as DocumentationCategory | '')}>
            <option value="">All categories</option>
            {DOCUMENTATION_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.search}>
            Search documentation
          </label>
          <input id={ids.search} className="field__input" type="search" value={keyword} onChange={(event) => setKeyword(event.target.value)} placeholder="Name or file name" />
        </div>
        <span className="vault-toolbar__spacer" />
        <ExportCsvButton request={{ export: 'documentations', companyId: Number(companyId), query: { status, ...(searched ? { keyword: searched } : {}), ...(category ? { category } : {}) } }} />
        {canChange && (
          <button type="button" className="btn" onClick={() => setEditing('new')}>
            Add Documentation
          </button>
        )}
      </div>
      {rows.error !== undefined ? (
        <Unavailable error={rows.error} />
      ) : (
        <DataTable
          caption={`Documentation (${status})`}
          data={data}
          columns={columns}
          getRowId={(doc) => String(doc.documentId)}
          sorting={sorting}
          onSortingChange={setSorting}
          emptyMessage={searched || category ? 'No Matches Found' : status === 'archived' ? 'No archived documentation.' : 'No documentation yet.'}
          busy={rows.loading}
        />
      )}
      <h2 className="section-title">Documents sent for signature</h2>
      <EnvelopesPanel scope={{ companyId: Number(companyId) }} canSend={canChange} />
      <Modal open={editing !== null} title={editing === 'new' ? 'Add documentation' : 'Edit documentation'} onClose={() => setEditing(null)}>
        {editing !== null && (
          <DocumentationForm
            companyId={companyId}
            item={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              const added = editing === 'new';
              setEditing(null);
              changed(added ? 'The documentation has been added.' : 'The documentation has been updated.');
            }}
          />
        )}
      </Modal>
    </>
  );
}

export default function DocumentationsPage() {
  return (
    <ComplianceLayout title="Documentation">
      <CompanyRequired>
        {(scope) =>
          scope.vendorFor ? (
            <Alert kind="info">A vendor&apos;s documentation is not part of the compliance wallet it shares; its licenses, insurance and certifications are.</Alert>
          ) : (
            <DocumentationTable scope={scope} />
          )
        }
      </CompanyRequired>
    </ComplianceLayout>
  );
}
