// The conversation with the customer, as the permit team: every message (the customer's marked), and a
// reply with attachments — each file uploaded first as an attachment of the permit, then sent with the
// message. The customer is mailed a link to their permit page.
import { UPLOAD_ACCEPT, type Conversation } from '@permitdesk/core';
import { useId, useRef, useState } from 'react';
import { api } from '../../../session/api.js';
import { uploadTeamDocument } from '../../../uploads/team-document.js';
import { MessageList } from '../../permits/message-list.js';
import type { RunChange } from './desk-action.js';

export interface DeskConversationPanelProps {
  permitId: number;
  conversations: readonly Conversation[];
  run: RunChange;
}

export function DeskConversationPanel({ permitId, conversations, run }: DeskConversationPanelProps) {
  const bodyId = useId();
  const filesId = useId();
  const files = useRef<HTMLInputElement>(null);
  const [body, setBody] = useState('');
  const [chosen, setChosen] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = conversations.at(-1) ?? null;
  const messages = conversations.flatMap((conversation) => conversation.messages);

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError('Message is required.');
      return;
    }
    setBusy(true);
    const failure = await run(async () => {
      const attachmentIds: number[] = [];
      for (const file of chosen) attachmentIds.push((await uploadTeamDocument(permitId, file, 'attachment')).documentId);
      return api.opsDesk.reply({ params: { id: permitId }, body: { body: body.trim(), attachmentIds, ...(latest ? { conversationId: latest.id } : {}) }, silent: true });
    });
    setBusy(false);
    setError(failure);
    if (!failure) {
      setBody('');
      setChosen([]);
      if (files.current) files.current.value = '';
    }
  };

  return (
    <div className="conversation">
      <MessageList messages={messages} customerLabel="Customer" emptyText="No messages yet." />
      <form className="conversation__reply" noValidate onSubmit={(event) => void send(event)} aria-label="Team reply">
        <label className="field__label" htmlFor={bodyId}>
          Reply to the customer
        </label>
        <textarea id={bodyId} className="field__input conversation__input" rows={3} maxLength={10000} value={body} onChange={(event) => setBody(event.currentTarget.value)} />
        <label className="field__label" htmlFor={filesId}>
          Attachments (optional)
        </label>
        <input
          id={filesId}
          ref={files}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={busy}
          onChange={(event) => setChosen([...(event.currentTarget.files ?? [])].slice(0, 10))}
        />
        {chosen.length > 0 && <p className="field__hint">{chosen.map((file) => file.name).join(', ')}</p>}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Sending…' : 'Send reply'}
        </button>
      </form>
    </div>
  );
}
