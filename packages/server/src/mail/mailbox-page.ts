// The dev mailbox page: a plain HTML list of messages with their links and text bodies.
import { escapeHtml } from './html.js';
import type { OutboxMessage } from './mail-service.js';

export function renderMailboxPage(messages: OutboxMessage[], to: string | null): string {
  const items = messages.map((m) => {
    const links = m.links.length
      ? `<ul class="links">${m.links.map((href) => `<li><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`).join('')}</ul>`
      : '';
    return `<article>
  <header><strong>${escapeHtml(m.subject)}</strong>
  <span class="meta">to <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · ${escapeHtml(m.template)} · ${escapeHtml(m.status)} · <time>${escapeHtml(m.createdAt)}</time></span></header>
  ${links}
  <details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details>
  <details><summary>HTML</summary><iframe sandbox srcdoc="${escapeHtml(m.html)}"></iframe></details>
</article>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox${to ? ` · ${escapeHtml(to)}` : ''}</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 900px; padding: 16px; color: #1f2933; }
  article { border: 1px solid #d8dde3; border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
  .meta { display: block; color: #52606d; font-size: 13px; }
  pre { white-space: pre-wrap; background: #f5f7fa; padding: 8px; }
  iframe { width: 100%; height: 360px; border: 1px solid #d8dde3; }
  .links { margin: 8px 0; padding-left: 20px; word-break: break-all; }
</style></head>
<body>
<h1>Dev mailbox</h1>
<p>${messages.length} message(s)${to ? ` to ${escapeHtml(to)} · <a href="?">show all</a>` : ''}, newest first. Mail is kept here because SMTP_URL is not set.</p>
${items.join('\n') || '<p>No mail yet.</p>'}
</body></html>`;
}
