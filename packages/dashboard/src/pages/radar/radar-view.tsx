// The project radar (SPEC §2.7) for its four routes: the query from the URL, the server-side search,
// the table (or cards on /project-radar-alt), pages, the row actions with their modals, stage-70 triage
// and the guided tours.
import {
  triageMessage,
  triageStage,
  TRIAGE_REDIRECT,
  type FormEntryResult,
  type ProjectSearchRow,
  radarTotalLabel,
} from '@permitdesk/core';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../data/query-keys.js';
import { useQueryClient } from '../../data/query-provider.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';
import { TourButton } from '../../tours/tour-button.js';
import { useGuidedTour, type TourId } from '../../tours/use-guided-tour.js';
import { Alert } from '../../ui/alert.js';
import { useModals } from '../../ui/generic-modals.js';
import { notify } from '../../ui/notify.js';
import { Spinner } from '../../ui/spinner.js';
import { PHONE_QUERY, useMediaQuery } from '../../ui/use-media-query.js';
import { CancellationModal } from './cancellation-modal.js';
import { Pager } from '../../ui/pager.js';
import { PermitApplicationModal } from './permit-application-modal.js';
import { RadarHandlersContext, type RadarHandlers } from './radar-actions.js';
import { RadarCards } from './radar-cards.js';
import { applicationSuccessUrl, NO_MATCHES_FOUND, NO_PROJECTS_FOUND } from './radar-messages.js';
import { changeQuery, readRadarQuery, readSavedSort, saveSort, searchRequest, writeRadarQuery, type RadarQuery } from './radar-query.js';
import { RadarTable } from './radar-table.js';
import { RadarToolbar } from './radar-toolbar.js';
import { ExportCsvButton } from '../../ui/export-csv-button.js';
import { useRadarSearch } from './use-radar-search.js';
import './radar.css';

export type RadarVariant = 'radar' | 'search' | 'sorting' | 'alt';

const TITLES: Record<RadarVariant, string> = {
  radar: 'Project Radar',
  search: 'Project Radar Search',
  sorting: 'Project Radar',
  alt: 'Project Radar',
};
const TOURS: Partial<Record<RadarVariant, TourId>> = { radar: 'radar', search: 'radar-search' };

type OpenModal = { kind: 'apply'; row: ProjectSearchRow } | { kind: 'cancel'; row: ProjectSearchRow } | null;
/** What a triage sends back to the radar with the navigation (SPEC §4.3). */
export interface RadarNavigationState {
  notice?: string | null;
}

export const DISMISS_CONFIRM = {
  title: 'Dismiss this project?',
  message: 'It leaves your radar. The permit itself is not changed.',
} as const;

export function RadarView({ variant }: { variant: RadarVariant }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const modals = useModals();
  const companyId = useAuth((s) => s.currentCompanyId);
  const client = useQueryClient();
  const [busyRowId, setBusyRowId] = useState<number | null>(null);
  const [modal, setModal] = useState<OpenModal>(null);
  // After a write that changes rows: the radar's search (and the header's suggestions) are asked again.
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: queryKeys.projects.search }), [client]);

  const query = useMemo(() => readRadarQuery(params, readSavedSort()), [params]);
  const request = useMemo(() => searchRequest(query, companyId), [query, companyId]);
  // location.key: arriving again at the same URL (after a triage) searches again.
  const search = useRadarSearch(request, location.key);
  useGuidedTour(TOURS[variant] ?? null, search.page !== null);

  const update = (next: RadarQuery) => setParams(writeRadarQuery(next));
  const onChange = (change: Partial<Omit<RadarQuery, 'page'>>) => {
    if (change.sort) saveSort(change.sort);
    update(changeQuery(query, change));
  };

  const handlers = useMemo<RadarHandlers>(
    () => ({
      busyRowId,
      apply: (row) => setModal({ kind: 'apply', row }),
      requestCancellation: (row) => setModal({ kind: 'cancel', row }),
      triage: (row, choice) => {
        setBusyRowId(row.id);
        api.permits
          .changeStage({ params: { id: row.id }, body: { stage: triageStage(choice) } })
          .then(() => {
            refresh();
            const state: RadarNavigationState = { notice: triageMessage(choice) };
            // A new location key runs the search again, also when the radar is already there.
            navigate(TRIAGE_REDIRECT, { state });
          })
          // The global error handler has shown the server's message.
          .catch(() => undefined)
          .finally(() => setBusyRowId(null));
      },
      dismiss: (row) => {
        void modals.confirm(DISMISS_CONFIRM).then(async (ok) => {
          if (!ok) return;
          setBusyRowId(row.id);
          try {
            await api.permits.dismiss({ params: { id: row.id } });
            notify('success', 'Project dismissed', `${row.customerName} · ${row.taskName} left your radar.`);
            refresh();
          } catch {
            // Reported by the global error handler.
          } finally {
            setBusyRowId(null);
          }
        });
      },
    }),
    [busyRowId, modals, navigate, refresh],
  );

  const onApplied = (result: FormEntryResult) => {
    setModal(null);
    if (result.session) navigate(applicationSuccessUrl(result.session));
    else refresh();
  };
  const onCancellationClosed = (redirectUrl: string, submitted: boolean) => {
    setModal(null);
    if (!submitted) return;
    refresh();
    if (redirectUrl.startsWith('/')) navigate(redirectUrl);
    else window.location.assign(redirectUrl);
  };

  const notice = (location.state as RadarNavigationState | null)?.notice ?? null;
  const page = search.page;
  const rows = page?.items ?? [];
  const emptyMessage = query.keyword ? NO_PROJECTS_FOUND : NO_MATCHES_FOUND;
  // A phone gets the cards on every radar route: a table there shows two columns of seven.
  const phone = useMediaQuery(PHONE_QUERY);
  const cards = variant === 'alt' || phone;

  return (
    <div className={`container radar radar--${variant}`}>
      <div className="radar__head" data-tour="radar-head">
        <div>
          <h1 className="page-title">{TITLES[variant]}</h1>
          <p className="muted radar__count" data-testid="radar-count" aria-live="polite">
            {page ? radarTotalLabel(page.totalCount, Boolean(query.keyword)) : ' '}
          </p>
        </div>
        <div className="row">
          {phone ? null : variant !== 'alt' ? (
            <Link className="btn btn--sm btn--ghost" to={{ pathname: '/project-radar-alt', search: params.toString() }}>
              Card view
            </Link>
          ) : (
            <Link className="btn btn--sm btn--ghost" to={{ pathname: '/project-radar', search: params.toString() }}>
              Table view
            </Link>
          )}
          {TOURS[variant] ? <TourButton id={TOURS[variant]} /> : null}
          <ExportCsvButton request={{ export: 'radar', query: request }} />
          <Link className="btn btn--sm" to="/new-project" data-tour="radar-new-project">
            New project
          </Link>
        </div>
      </div>
      {notice && (
        <Alert key={location.key} kind="success">
          {notice}
        </Alert>
      )}
      <RadarToolbar query={query} onChange={onChange} sortAsChoices={variant === 'sorting'} />
      {search.error && !page && (
        <Alert kind="error" title="Failed to Lookup Projects">
          {search.error}
        </Alert>
      )}
      <RadarHandlersContext.Provider value={handlers}>
        {!page && search.loading ? (
          <div className="radar__loading">
            <Spinner large label="Loading projects" />
          </div>
        ) : (
          <div className="radar__results" data-tour="radar-table">
            {cards ? (
              <RadarCards rows={rows} emptyMessage={emptyMessage} />
            ) : (
              <RadarTable rows={rows} sort={query.sort} onSort={(sort) => onChange({ sort })} emptyMessage={emptyMessage} busy={search.loading} />
            )}
          </div>
        )}
      </RadarHandlersContext.Provider>
      {page && <Pager page={query.page} pageCount={page.pageCount} onPage={(target) => update({ ...query, page: target })} />}
      {modal?.kind === 'apply' && (
        <PermitApplicationModal row={modal.row} onSubmitted={onApplied} onClose={() => setModal(null)} reload={refresh} />
      )}
      {modal?.kind === 'cancel' && <CancellationModal row={modal.row} onClose={onCancellationClosed} />}
    </div>
  );
}
