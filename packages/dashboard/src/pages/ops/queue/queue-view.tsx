// The permit team's queue (/ops): every permit of every company with the team's filters, the saved
// views as tabs, SLA marks, and bulk 'Assign to…' / 'Move to stage…' on the checked rows. Filters live
// in the address (queue-filters.ts); each row links to the permit desk (/ops/permits/{id}).
import { formatDate, PERMIT_STAGES, QUEUE_TOTAL_CAP, US_STATES, type OpsBulkResult, type OpsQueueFilters, type OpsQueueRow, type OpsSavedView, type OpsTeamMember } from '@permitdesk/core';
import type { HeaderPage } from '@permitdesk/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { queryKeys } from '../../../data/query-keys.js';
import { useQueryClient } from '../../../data/query-provider.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { DataTable } from '../../../ui/data-table.js';
import { Pager } from '../../../ui/pager.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { BulkBar } from './bulk-bar.js';
import { currentView, filtersFromSearch, FLAG_FILTERS, overSlaLabel, pageFromSearch, QUEUE_PAGE_SIZE, queueQuery, searchFor, withFilter } from './queue-filters.js';
import './queue.css';

export function QueueView() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const page = pageFromSearch(search);
  const query = queueQuery(filters, page);
  const client = useQueryClient();
  const [selected, setSelected] = useState<ReadonlyMap<number, number>>(new Map());

  const rows = useQuery<HeaderPage<OpsQueueRow>>({
    queryKey: queryKeys.ops.queue(query),
    queryFn: ({ signal }) => api.opsQueue.queue({ query, signal }),
    keepPreviousData: true,
  });
  const views = useQuery<OpsSavedView[]>({ queryKey: queryKeys.ops.views, queryFn: ({ signal }) => api.opsQueue.views({ signal }) });
  const team = useQuery<OpsTeamMember[]>({ queryKey: queryKeys.ops.teamMembers, queryFn: ({ signal }) => api.opsQueue.teamMembers({ signal }) });

  const show = (next: OpsQueueFilters, nextPage = 1) => {
    setSelected(new Map());
    setSearch(searchFor(next, nextPage));
  };
  const set = (name: keyof OpsQueueFilters, value: string | undefined) => show(withFilter(filters, name, value));
  const reload = () => client.invalidateQueries({ queryKey: queryKeys.ops.all });

  const toggle = (row: OpsQueueRow) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row.version);
      return next;
    });
  const items = rows.data?.items ?? [];
  const allChecked = items.length > 0 && items.every((row) => selected.has(row.id));
  const toggleAll = () => setSelected(allChecked ? new Map() : new Map(items.map((row) => [row.id, row.version])));

  const columns: ColumnDef<OpsQueueRow, unknown>[] = [
    {
      id: 'select',
      size: 44,
      header: () => <input type="checkbox" aria-label="Select every permit on this page" checked={allChecked} onChange={toggleAll} />,
      cell: ({ row }) => (
        <input type="checkbox" aria-label={`Select permit ${row.original.id} for ${row.original.customerName}`} checked={selected.has(row.original.id)} onChange={() => toggle(row.original)} />
      ),
    },
    {
      id: 'permit',
      size: 240,
      header: 'Permit',
      cell: ({ row: { original: r } }) => (
        <div className="queue-cell">
          <Link className="queue-cell__main" to={`/ops/permits/${r.id}`}>{`#${r.id} ${r.customerName}`}</Link>
          <span className="queue-cell__sub">{r.address ?? ''}</span>
        </div>
      ),
    },
    { id: 'company', header: 'Company', size: 160, cell: ({ row: { original: r } }) => r.companyName ?? 'Personal' },
    {
      id: 'place',
      header: 'Municipality',
      size: 170,
      cell: ({ row: { original: r } }) => `${r.municipalityName}, ${r.state}`,
    },
    { id: 'task', header: 'Task', size: 150, cell: ({ row: { original: r } }) => r.taskName },
    {
      id: 'stage',
      header: 'Stage',
      size: 170,
      cell: ({ row: { original: r } }) => {
        const over = overSlaLabel(r.overSlaHours);
        return (
          <div className="queue-cell">
            <span className="queue-cell__main">{r.stageName}</span>
            <span className="queue-cell__sub">{r.daysInStage === 1 ? '1 day in stage' : `${r.daysInStage} days in stage`}</span>
            {over ? <span className="queue-badge queue-badge--over">{over}</span> : null}
          </div>
        );
      },
    },
    { id: 'assignee', header: 'Assignee', size: 140, cell: ({ row: { original: r } }) => r.assignee?.name ?? 'Unassigned' },
    {
      id: 'flags',
      header: 'Flags',
      size: 180,
      cell: ({ row: { original: r } }) => (
        <ul className="queue-flags" aria-label={`Flags of permit ${r.id}`}>
          {r.needsReply ? <li className="queue-badge queue-badge--reply">Needs reply</li> : null}
          {r.cancellationRequested ? <li className="queue-badge queue-badge--cancel">Cancellation</li> : null}
          {r.quotePending ? <li className="queue-badge">Quote pending</li> : null}
          {r.inspectionDue ? <li className="queue-badge">Inspection due</li> : null}
        </ul>
      ),
    },
    { id: 'created', header: 'Created', size: 110, cell: ({ row: { original: r } }) => formatDate(r.createdAt) },
  ];

  const total = rows.data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
  const viewList = views.data ?? [];
  const active = currentView(viewList, filters);

  return (
    <section className="container ops-queue" aria-labelledby="ops-queue-title">
      <div className="ops-queue__head">
        <h1 id="ops-queue-title">Permit queue</h1>
        <p className="ops-queue__count" role="status">{rows.data ? `${total.toLocaleString('en-US')}${total >= QUEUE_TOTAL_CAP && Object.keys(filters).some((name) => name !== 'stage' && name !== 'companyId') ? '+' : ''} ${total === 1 ? 'permit' : 'permits'}` : ''}</p>
      </div>
      <ViewTabs views={viewList} active={active} filters={filters} onShow={(view) => show(view.filters as OpsQueueFilters)} onChanged={reload} />
      <FiltersBar filters={filters} team={team.data ?? []} onSet={set} onClear={() => show({})} />
      <BulkBar selected={selected} team={team.data ?? []} onDone={(result: OpsBulkResult) => {
        setSelected(new Map(result.results.filter((r) => r.outcome === 'conflict').map((r) => [r.id, r.version ?? 0])));
        reload();
      }} />
      {rows.error !== undefined && !rows.data ? (
        <Unavailable error={rows.error} fallback="The queue could not be loaded." />
      ) : (
        <DataTable<OpsQueueRow>
          caption="Permits of every company"
          data={items}
          columns={columns}
          getRowId={(row) => String(row.id)}
          emptyMessage="No permit matches these filters."
          busy={rows.loading}
          sizingKey="ops-queue-columns"
        />
      )}
      <Pager page={page} pageCount={pageCount} onPage={(next) => show(filters, next)} />
    </section>
  );
}

function ViewTabs({ views, active, filters, onShow, onChanged }: {
  views: readonly OpsSavedView[];
  active: OpsSavedView | undefined;
  filters: OpsQueueFilters;
  onShow: (view: OpsSavedView) => void;
  onChanged: () => void;
}) {
  const [name, setName] = useState('');
  const all: OpsSavedView = { id: 'all', name: 'All permits', builtIn: true, filters: {} };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await api.opsQueue.saveView({ body: { name: name.trim(), filters: filters as Record<string, string> } });
    setName('');
    onChanged();
  };
  return (
    <div className="ops-queue__views">
      <div role="tablist" aria-label="Saved views" className="ops-queue__tabs">
        {[all, ...views].map((view) => (
          <span key={view.id} className="ops-queue__tab-wrap">
            <button type="button" role="tab" className="ops-queue__tab" aria-selected={(active?.id ?? (Object.keys(filters).length === 0 ? 'all' : '')) === view.id} onClick={() => onShow(view)}>
              {view.name}
            </button>
            {view.builtIn ? null : (
              <button type="button" className="ops-queue__tab-delete" aria-label={`Delete the view ${view.name}`} onClick={async () => {
                await api.opsQueue.deleteView({ params: { id: view.id } });
                onChanged();
              }}>×</button>
            )}
          </span>
        ))}
      </div>
      <form className="ops-queue__save" onSubmit={save}>
        <label>
          <span className="visually-hidden">Name of the new view</span>
          <input className="field__input field__input--sm" placeholder="Name these filters" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--sm btn--ghost" disabled={!name.trim()}>Save view</button>
      </form>
    </div>
  );
}

function FiltersBar({ filters, team, onSet, onClear }: {
  filters: OpsQueueFilters;
  team: readonly OpsTeamMember[];
  onSet: (name: keyof OpsQueueFilters, value: string | undefined) => void;
  onClear: () => void;
}) {
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const tasks = useQuery({ queryKey: ['ops', 'tasks'], queryFn: ({ signal }) => api.lookups.tasks({ signal }) });
  return (
    <form className="ops-queue__filters" aria-label="Filters" onSubmit={(e) => { e.preventDefault(); onSet('keyword', keyword.trim()); }}>
      <label className="ops-queue__filter">
        <span>Search</span>
        <input className="field__input field__input--sm" type="search" value={keyword} placeholder="Customer, address, permit number…" onChange={(e) => setKeyword(e.target.value)} />
      </label>
      <label className="ops-queue__filter">
        <span>Stage</span>
        <select className="field__input field__input--sm" value={filters.stage ?? ''} onChange={(e) => onSet('stage', e.target.value)}>
          <option value="">Any stage</option>
          {PERMIT_STAGES.map((s) => <option key={s.stage} value={String(s.stage)}>{s.name}</option>)}
        </select>
      </label>
      <label className="ops-queue__filter">
        <span>State</span>
        <select className="field__input field__input--sm" value={filters.state ?? ''} onChange={(e) => onSet('state', e.target.value)}>
          <option value="">Any state</option>
          {US_STATES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
        </select>
      </label>
      <MunicipalityFilter state={filters.state} value={filters.municipalityId} onChange={(id) => onSet('municipalityId', id)} />
      <label className="ops-queue__filter">
        <span>Task</span>
        <select className="field__input field__input--sm" value={filters.taskId ?? ''} onChange={(e) => onSet('taskId', e.target.value)}>
          <option value="">Any task</option>
          {(tasks.data ?? []).map((task) => <option key={task.id} value={String(task.id)}>{task.name}</option>)}
        </select>
      </label>
      <label className="ops-queue__filter">
        <span>Company ID</span>
        <input className="field__input field__input--sm" inputMode="numeric" value={filters.companyId ?? ''} onChange={(e) => onSet('companyId', e.target.value.replace(/\D/g, ''))} />
      </label>
      <label className="ops-queue__filter">
        <span>Assignee</span>
        <select className="field__input field__input--sm" value={filters.assignee ?? ''} onChange={(e) => onSet('assignee', e.target.value)}>
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Unassigned</option>
          {team.map((member) => <option key={member.id} value={member.id}>{member.name}</option>)}
        </select>
      </label>
      <label className="ops-queue__filter">
        <span>Days in stage (at least)</span>
        <input className="field__input field__input--sm" inputMode="numeric" value={filters.minDaysInStage ?? ''} onChange={(e) => onSet('minDaysInStage', e.target.value.replace(/\D/g, ''))} />
      </label>
      <label className="ops-queue__filter">
        <span>Sort</span>
        <select className="field__input field__input--sm" value={filters.sort ?? 'newest'} onChange={(e) => onSet('sort', e.target.value === 'newest' ? undefined : e.target.value)}>
          <option value="newest">Newest first</option>
          <option value="overSla">Most over SLA first</option>
        </select>
      </label>
      <fieldset className="ops-queue__flags">
        <legend>Show only</legend>
        {FLAG_FILTERS.map(([name, label]) => (
          <label key={name} className="ops-queue__flag">
            <input type="checkbox" checked={filters[name] === 'true'} onChange={(e) => onSet(name, e.target.checked ? 'true' : undefined)} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="ops-queue__filter-actions">
        <button type="submit" className="btn btn--sm">Search</button>
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => { setKeyword(''); onClear(); }}>Clear filters</button>
      </div>
    </form>
  );
}

/** Municipality: type a name (in the chosen state), pick one of the matches. */
function MunicipalityFilter({ state, value, onChange }: { state: string | undefined; value: string | undefined; onChange: (id: string | undefined) => void }) {
  const [text, setText] = useState('');
  const typed = text.trim();
  const matches = useQuery({
    queryKey: typed.length >= 2 ? ['ops', 'municipalities', state ?? '', typed] : null,
    queryFn: ({ signal }) => api.lookups.municipalities({ query: { keyword: typed, ...(state ? { state } : {}), size: 10 }, signal }),
  });
  return (
    <div className="ops-queue__filter">
      <label>
        <span>Municipality</span>
        <input className="field__input field__input--sm" type="search" value={text} placeholder="Type a name" onChange={(e) => setText(e.target.value)} />
      </label>
      {value || (matches.data?.items.length ?? 0) > 0 ? (
        <label>
          <span className="visually-hidden">Matching municipalities</span>
          <select className="field__input field__input--sm" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
            <option value="">Any municipality</option>
            {value && !matches.data?.items.some((m) => String(m.id) === value) ? <option value={value}>{`Municipality #${value}`}</option> : null}
            {(matches.data?.items ?? []).map((m) => <option key={m.id} value={String(m.id)}>{`${m.name}, ${m.stateCode ?? ''}`}</option>)}
          </select>
        </label>
      ) : null}
    </div>
  );
}
