// Minimal HTML helpers for mail templates and the dev mailbox page.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);

/** Every href of an HTML fragment, in order (links of a mail, for the dev mailbox and tests). */
export const extractLinks = (html: string): string[] =>
  [...html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/&amp;/g, '&'));
