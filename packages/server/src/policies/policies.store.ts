// The legal texts (SPEC §3 Policies) as HTML files an operator can replace: packages/server/policies/
// by default, or the folder named by POLICIES_DIR. The title is the document's first <h1>, the date
// its last change on disk.
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Policy } from '@permitdesk/core';

export const DEFAULT_POLICIES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'policies');

export async function readPolicy(kind: Policy['kind'], dir: string = process.env.POLICIES_DIR ?? DEFAULT_POLICIES_DIR): Promise<Policy | null> {
  const file = join(dir, `${kind}.html`);
  try {
    const [html, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
    const title = heading?.[1]?.replace(/<[^>]+>/g, '').trim() || kind;
    // The page shows the title itself; the body is the rest of the document.
    const body = heading ? html.replace(heading[0], '').trim() : html.trim();
    return { kind, title, html: body, updatedAt: info.mtime.toISOString() };
  } catch {
    return null;
  }
}
