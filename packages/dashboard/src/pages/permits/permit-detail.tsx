// Everything about one permit (SPEC §2.7, §4.3, §7.1): status with its message, the stage timeline,
// inspections, the conversation with the permit team, documents and the project's assignments.
import { DATE_FORMATS, formatDate, formatPhone, formatProjectValue, permitStatusView, postalCode5, type Conversation, type Permit } from '@permitdesk/core';
import type { ReactNode } from 'react';
import { InspectionList } from '../radar/permit-facts.js';
import { StatusBar } from '../../ui/status-bar.js';
import { ActivityPanel } from './activity-panel.js';
import { AssignmentsPanel } from './assignments-panel.js';
import { ConversationPanel } from './conversation-panel.js';
import { DocumentsPanel } from './documents-panel.js';
import { EnvelopesPanel } from '../esign/envelopes-panel.js';
import { ShareStatusPanel } from '../status/share-status-panel.js';
import { PermitTimeline } from './permit-timeline.js';
import type { ProjectCapabilities } from './use-project-access.js';
import '../radar/radar.css';
import './permits.css';

function Section({ title, tour, children, wide }: { title: string; tour: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? 'card permit-section permit-section--wide' : 'card permit-section'} data-tour={tour} aria-labelledby={`section-${tour}`}>
      <h2 className="permit-section__title" id={`section-${tour}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Replaces or appends a conversation the reply answered. */
export const mergeConversation = (list: readonly Conversation[], conversation: Conversation): Conversation[] =>
  list.some((c) => c.id === conversation.id) ? list.map((c) => (c.id === conversation.id ? conversation : c)) : [...list, conversation];

export interface PermitDetailProps {
  permit: Permit;
  onChange: (permit: Permit) => void;
  /** What the reader may do (replies, uploads, assignments); the controls they may not use are not shown. */
  access: ProjectCapabilities;
  now?: Date;
}

export function PermitDetail({ permit, onChange, access, now = new Date() }: PermitDetailProps) {
  const view = permitStatusView(permit, now);
  const { address } = permit;
  return (
    <div className="permit-detail" data-permit-id={permit.id}>
      <div className="permit-detail__summary card" data-tour="permit-status">
        <div className="permit-detail__facts">
          <h2 className="permit-detail__task">{permit.taskName}</h2>
          <p className="muted permit-detail__where">
            {permit.municipality.name} · {address.streetAddress}
            {address.streetModifier ? `, ${address.streetModifier}` : ''}, {address.city}, {address.state} {postalCode5(address.postalCode)}
          </p>
          <dl className="facts">
            <dt>Customer</dt>
            <dd>{permit.customerName}</dd>
            {permit.customerPhoneNumber && (
              <>
                <dt>Phone</dt>
                <dd>{formatPhone(permit.customerPhoneNumber)}</dd>
              </>
            )}
            <dt>Permit Number</dt>
            <dd>{permit.permitNumber ?? '—'}</dd>
            <dt>Project Value</dt>
            <dd>{permit.projectValue == null ? '—' : `$${formatProjectValue(permit.projectValue)}`}</dd>
            <dt>Requested</dt>
            <dd>{formatDate(permit.createdAt, DATE_FORMATS.long)}</dd>
            {permit.expiresAt && (
              <>
                <dt>Expires</dt>
                <dd>{formatDate(permit.expiresAt, DATE_FORMATS.date)}</dd>
              </>
            )}
            {permit.estCompletionAt && (
              <>
                <dt>Est. Completion</dt>
                <dd>{formatDate(permit.estCompletionAt, DATE_FORMATS.date)}</dd>
              </>
            )}
          </dl>
          {permit.scopeOfWork && <p className="permit-detail__scope">{permit.scopeOfWork}</p>}
        </div>
        <div className="permit-detail__status">
          <StatusBar view={view} />
        </div>
      </div>
      <div className="permit-detail__grid">
        <Section title="Timeline" tour="permit-timeline">
          <PermitTimeline permit={permit} />
        </Section>
        <Section title="Inspections" tour="permit-inspections">
          <InspectionList inspections={permit.permitInspections} />
        </Section>
        <Section title="Conversation with the permit team" tour="permit-conversation" wide>
          <ConversationPanel
            permitId={permit.id}
            canReply={access.canReply}
            customerLabel={access.guest ? 'Customer' : 'You'}
            conversations={permit.conversations ?? []}
            onReplied={(conversation) => onChange({ ...permit, conversations: mergeConversation(permit.conversations ?? [], conversation) })}
          />
        </Section>
        <Section title="Documents" tour="permit-documents">
          <DocumentsPanel permitId={permit.id} canUpload={access.canReply} />
        </Section>
        <Section title="Signatures" tour="permit-signatures">
          <EnvelopesPanel scope={{ permitId: permit.id }} canSend={access.canEdit} />
        </Section>
        {access.canEdit && (
          <Section title="Share status" tour="permit-share-status">
            <ShareStatusPanel permitId={permit.id} />
          </Section>
        )}
        <Section title="Assignments" tour="permit-assignments">
          <AssignmentsPanel
            projectId={permit.projectId}
            actorLevel={access.canEdit ? access.level : null}
            assignments={permit.projectsAssignments}
            onChange={(projectsAssignments) => onChange({ ...permit, projectsAssignments })}
          />
        </Section>
        <Section title="Activity" tour="permit-activity" wide>
          <ActivityPanel
            permitId={permit.id}
            revision={`${permit.version ?? 0}:${permit.stage}:${(permit.conversations ?? []).reduce((n, c) => n + (c.messages?.length ?? 0), 0)}`}
          />
        </Section>
      </div>
    </div>
  );
}
