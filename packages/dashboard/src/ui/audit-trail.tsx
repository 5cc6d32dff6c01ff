// An audit trail (issue 12): each entry with its time, who acted, what happened and every change in plain
// words ('Stage: Requested → Processing'), from core's audit-words rules. The permit page (customer-safe
// entries), the company's activity page and the permit team's desk all show one.
import { auditActionLabel, auditChanges, auditChangeText, auditEntityLabel, DATE_FORMATS, formatDate, type AuditEntry } from '@permitdesk/core';
import './audit-trail.css';

export const NO_ACTIVITY = 'No activity yet.';

export function AuditTrail({ entries, showEntity = false, label = 'Activity' }: { entries: readonly AuditEntry[]; showEntity?: boolean; label?: string }) {
  if (entries.length === 0) return <p className="muted">{NO_ACTIVITY}</p>;
  return (
    <ol className="audit-trail" aria-label={label}>
      {entries.map((entry) => {
        const changes = auditChanges(entry);
        return (
          <li key={entry.id} className="audit-trail__entry" data-action={entry.action}>
            <div className="audit-trail__head">
              <time className="audit-trail__time" dateTime={entry.occurredAt}>
                {formatDate(entry.occurredAt, DATE_FORMATS.usDateTime)}
              </time>
              <span className="audit-trail__actor">{entry.actor.name}</span>
              <span className="audit-trail__what">
                {showEntity ? `${auditEntityLabel(entry.entity)} #${entry.entityId}: ` : ''}
                {auditActionLabel(entry.action)}
              </span>
            </div>
            {changes.length > 0 && (
              <ul className="audit-trail__changes">
                {changes.map((change) => (
                  <li key={change.field}>{auditChangeText(change)}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
