// The messages of a permit's conversations, oldest first, with their attachments: one rendering for the
// customer's permit page and the permit team's desk.
import { DATE_FORMATS, formatDate, type Conversation } from '@permitdesk/core';
import { LinkedText } from '../../ui/linked-text.js';
import { openDocument } from './documents-panel.js';

export interface MessageListProps {
  messages: readonly Conversation['messages'][number][];
  /** How the customer's side is named ('You', 'Customer'). */
  customerLabel: string;
  emptyText: string;
}

export function MessageList({ messages, customerLabel, emptyText }: MessageListProps) {
  if (messages.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <ol className="conversation__messages" aria-label="Messages">
      {messages.map((message) => (
        <li key={message.id} className={`message message--${message.author.role}`}>
          <div className="message__meta">
            <strong>{message.author.name}</strong>
            <span className="muted">{message.author.role === 'permit_team' ? 'Permit team' : customerLabel}</span>
            <time className="muted" dateTime={message.createdAt}>
              {formatDate(message.createdAt, DATE_FORMATS.usDateTime)}
            </time>
          </div>
          <p className="message__body"><LinkedText text={message.body} /></p>
          {message.attachments?.length ? (
            <ul className="message__attachments" aria-label="Attachments">
              {message.attachments.map((file) => (
                <li key={file.documentId}>
                  <button type="button" className="link-button" onClick={() => openDocument({ documentId: file.documentId })}>
                    {file.fileName}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
