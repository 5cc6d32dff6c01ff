// The conversation with the permit team (SPEC §3 conversations, §7.1): messages oldest first, and a
// reply checked with core's conversationReplySchema before it is sent.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { conversationReplySchema, DATE_FORMATS, formatDate, type Conversation } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { api } from '../../session/api.js';
import { downloadDocument } from './documents-panel.js';

const replySchema = v.pick(conversationReplySchema, ['body']);
type Reply = v.InferInput<typeof replySchema>;

export interface ConversationPanelProps {
  permitId: number;
  conversations: readonly Conversation[];
  onReplied: (conversation: Conversation) => void;
  /** Contributors and up reply; the others (Observers, guests) only read. */
  canReply: boolean;
  /** How the customer's side is named: 'You' for its own people, 'Customer' for a guest company reading it. */
  customerLabel?: string;
}

export function ConversationPanel({ permitId, conversations, onReplied, canReply, customerLabel = 'You' }: ConversationPanelProps) {
  const fieldId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const latest = conversations.at(-1) ?? null;
  const { register, handleSubmit, reset, formState } = useForm<Reply>({ resolver: valibotResolver(replySchema), defaultValues: { body: '' } });
  const send = handleSubmit(async ({ body }) => {
    setFailure(null);
    try {
      const conversation = await api.permits.reply({
        params: { id: permitId },
        body: { body, ...(latest ? { conversationId: latest.id } : { subject: 'Permit question' }) },
        silent: true,
      });
      onReplied(conversation);
      reset({ body: '' });
    } catch (error) {
      setFailure(isApiRequestError(error) ? error.message : 'Your message could not be sent.');
    }
  });
  const messages = conversations.flatMap((conversation) => conversation.messages);
  const error = formState.errors.body?.message;
  return (
    <div className="conversation">
      {messages.length === 0 ? (
        <p className="muted">{canReply ? 'No messages yet. Ask the permit team anything about this permit.' : 'No messages yet.'}</p>
      ) : (
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
              <p className="message__body">{message.body}</p>
              {message.attachments?.length ? (
                <ul className="message__attachments" aria-label="Attachments">
                  {message.attachments.map((file) => (
                    <li key={file.documentId}>
                      <button type="button" className="link-button" onClick={() => void downloadDocument({ documentId: file.documentId }).catch(() => undefined)}>
                        {file.fileName}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {canReply && (
        <form className="conversation__reply" noValidate onSubmit={(event) => void send(event)}>
          <label className="field__label" htmlFor={fieldId}>
            Reply to the permit team
          </label>
          <textarea
            id={fieldId}
            className="field__input conversation__input"
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            {...register('body')}
          />
          {error && (
            <p className="field__error" id={`${fieldId}-error`}>
              {error}
            </p>
          )}
          {failure && (
            <p className="alert alert--error" role="alert">
              {failure}
            </p>
          )}
          <div className="row">
            <button type="submit" className="btn btn--sm" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Sending…' : 'Send Reply'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
