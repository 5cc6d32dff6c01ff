// The conversation with the permit team (SPEC §3 conversations, §7.1): messages oldest first, and a
// reply checked with core's conversationReplySchema before it is sent.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { conversationReplySchema, type Conversation } from '@permitdesk/core';
import { isApiRequestError } from '@permitdesk/core/client';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { api } from '../../session/api.js';
import { MessageList } from './message-list.js';

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
      <MessageList messages={messages} customerLabel={customerLabel} emptyText={canReply ? 'No messages yet. Ask the permit team anything about this permit.' : 'No messages yet.'} />
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
