// The permit desk (/ops/permits/{id}, issue 12): everything about one permit for the permit team, on one
// page, with every action the team takes on it. Each change goes through `run`: on success the desk
// reloads; on a 409 (a colleague changed the permit since it was opened) it reloads and lists what
// changed, so nobody overwrites a colleague unseen.
import { DATE_FORMATS, formatDate, stageName, type PermitDesk } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { useAuth } from '../../../session/session.js';
import { MissingNotice } from '../../../ui/missing-notice.js';
import { Spinner } from '../../../ui/spinner.js';
import { ActivityPanel } from '../../permits/activity-panel.js';
import { QuotesPanel } from '../quotes/quotes-panel.js';
import { StaffGate } from '../staff-gate.js';
import { CompliancePanel } from './compliance-panel.js';
import { DeskConversationPanel } from './conversation-panel.js';
import type { RunChange } from './desk-action.js';
import { deskChanges } from './desk-changes.js';
import { DeskDocumentsPanel } from './documents-panel.js';
import { FeesPanel } from './fees-panel.js';
import { HistoryPanel } from './history-panel.js';
import { InspectionsPanel } from './inspections-panel.js';
import { RequestPanel } from './request-panel.js';
import { StagePanel } from './stage-panel.js';
import '../../permits/permits.css';
import './desk.css';

export const CONFLICT_TITLE = 'Someone else changed this permit:';

function DeskSection({ id, title, wide, children }: { id: string; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? 'card desk-section desk-section--wide' : 'card desk-section'} aria-labelledby={`desk-${id}`}>
      <h2 className="desk-section__title" id={`desk-${id}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const failureOf = (error: unknown): string =>
  isApiRequestError(error) || error instanceof Error ? error.message : 'The change could not be saved.';

export function PermitDeskView({ desk, templates, operatorName, run, onReload }: {
  desk: PermitDesk;
  templates: Parameters<typeof StagePanel>[0]['templates'];
  operatorName: string;
  run: RunChange;
  onReload: () => void;
}) {
  const p = desk.permit;
  return (
    <>
      <header className="desk-header">
        <div>
          <h1 className="desk-header__title">
            {p.customerName} · {p.taskName}
          </h1>
          <p className="muted desk-header__where">
            {p.projectAddress} · {p.municipalityName}
          </p>
        </div>
        <dl className="desk-header__facts">
          <dt>Stage</dt>
          <dd>
            <span className="desk-badge desk-badge--stage">{stageName(p.stage)}</span>
          </dd>
          <dt>In this stage since</dt>
          <dd>{formatDate(desk.stageEnteredAt, DATE_FORMATS.usDateTime)}</dd>
          <dt>Assigned to</dt>
          <dd>{desk.assignee ? desk.assignee.name : 'Nobody'}</dd>
          <dt>Permit number</dt>
          <dd>{p.permitNumber ?? 'None yet'}</dd>
        </dl>
      </header>
      <div className="desk-grid">
        <DeskSection id="stage" title="Move stage">
          <StagePanel key={desk.version} desk={desk} templates={templates} operatorName={operatorName} run={run} />
        </DeskSection>
        <DeskSection id="request" title="The request">
          <RequestPanel desk={desk} />
        </DeskSection>
        <DeskSection id="conversation" title="Conversation" wide>
          <DeskConversationPanel permitId={p.id} conversations={p.conversations ?? []} run={run} />
        </DeskSection>
        <DeskSection id="inspections" title="Inspections">
          <InspectionsPanel permitId={p.id} inspections={p.permitInspections} run={run} />
        </DeskSection>
        <DeskSection id="fees" title="Permit number and fees">
          <FeesPanel key={desk.version} desk={desk} run={run} />
        </DeskSection>
        <DeskSection id="compliance" title="Company compliance">
          <CompliancePanel compliance={desk.compliance} company={desk.company} gate={desk.gate ?? null} />
        </DeskSection>
        <DeskSection id="documents" title="Documents">
          <DeskDocumentsPanel permitId={p.id} documents={desk.documents} onUploaded={onReload} />
        </DeskSection>
        <DeskSection id="quotes" title="Quotes">
          <QuotesPanel permitId={p.id} onChanged={onReload} />
        </DeskSection>
        {desk.cancellation && (
          <DeskSection id="cancellation" title="Cancellation request">
            <p>
              Requested {formatDate(desk.cancellation.requestedAt, DATE_FORMATS.usDateTime)}
              {desk.cancellation.reason ? `: ${desk.cancellation.reason}` : '.'}
            </p>
            <div className="row">
              <button type="button" className="btn btn--danger" onClick={() => void run(() => api.operator.decideCancellation({ params: { id: p.id }, body: { decision: 'approve' }, silent: true }))}>
                Approve the cancellation
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => void run(() => api.operator.decideCancellation({ params: { id: p.id }, body: { decision: 'decline' }, silent: true }))}>
                Decline it
              </button>
            </div>
          </DeskSection>
        )}
        <DeskSection id="history" title="Stage history">
          <HistoryPanel history={desk.stageHistory} />
        </DeskSection>
        <DeskSection id="trail" title="Audit trail" wide>
          <ActivityPanel permitId={p.id} revision={String(desk.version)} audience="team" />
        </DeskSection>
      </div>
    </>
  );
}

function Desk() {
  const { id = '' } = useParams();
  const operatorName = useAuth((s) => s.user?.name || s.user?.given_name || s.user?.email || 'The permit team');
  const desk = useQuery({
    queryKey: queryKeys.ops.desk(id),
    queryFn: ({ signal }) => api.opsDesk.desk({ params: { id }, signal, silent: true }),
  });
  const templates = useQuery({
    queryKey: queryKeys.ops.templates,
    queryFn: ({ signal }) => api.opsDesk.templates({ signal, silent: true }),
  });
  const [changed, setChanged] = useState<string[] | null>(null);

  const run: RunChange = async (change) => {
    try {
      await change();
      setChanged(null);
      desk.reload();
      return null;
    } catch (error) {
      if (isApiRequestError(error) && error.status === 409 && desk.data) {
        const before = desk.data;
        try {
          const fresh = await api.opsDesk.desk({ params: { id }, silent: true });
          desk.set(fresh);
          setChanged(deskChanges(before, fresh));
        } catch {
          desk.reload();
        }
      }
      return failureOf(error);
    }
  };

  const d = desk.data;
  return (
    <div className="container desk-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/ops">Permit team</Link> › Permit #{id}
        {d && (
          <>
            {' '}
            · <Link to={`/projects/${d.permit.projectId}/${d.permit.id}`}>The customer&apos;s view</Link>
          </>
        )}
      </nav>
      {changed && (
        <div className="alert alert--warning desk-conflict" role="alert">
          <strong className="alert__title">{CONFLICT_TITLE}</strong>
          {changed.length > 0 ? (
            <ul>
              {changed.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>The permit moved on since you opened it.</p>
          )}
          <p>The desk now shows the permit as it is. Review the changes and try again.</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setChanged(null)}>
            Dismiss
          </button>
        </div>
      )}
      {d ? (
        <PermitDeskView desk={d} templates={templates.data ?? []} operatorName={operatorName} run={run} onReload={desk.reload} />
      ) : desk.loading ? (
        <div className="route-loading">
          <Spinner large label="Loading the permit desk" />
        </div>
      ) : (
        <MissingNotice what="Permit" error={desk.error} fallback="This permit could not be loaded." back={[{ to: '/ops', label: 'Back to the queue' }]} />
      )}
    </div>
  );
}

export default function PermitDeskPage() {
  return (
    <StaffGate>
      <Desk />
    </StaffGate>
  );
}
