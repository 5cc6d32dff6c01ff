/// <reference types="node" />
// The README and the partner example show the snippet exactly as snippetCode() prints it, and the
// example page's Content-Security-Policy allows exactly that inline script by its hash.
// Run with UPDATE_SNIPPETS=1 to rewrite them after the snippet changes.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { snippetCode, snippetTag } from './snippet.js';

const update = process.env.UPDATE_SNIPPETS === '1';
const file = (path: string) => new URL(path, import.meta.url);

export const README_SNIPPET = { scriptUrl: 'https://permits.example.com/widget/widget.js', init: { partnerId: 'acme-lumber' } };
export const PARTNER_SNIPPET = { scriptUrl: '/widget/widget.js', init: { partnerId: 'acme-lumber' } };
const PARTNER_CSP = (hash: string) =>
  `default-src 'self'; script-src 'self' 'sha256-${hash}'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'`;

it('the README shows the snippet', () => {
  const readme = file('../README.md');
  const text = readFileSync(readme, 'utf8');
  const block = /<!-- snippet:start -->\n```html\n([\s\S]*?)\n```\n<!-- snippet:end -->/;
  const wanted = snippetTag(README_SNIPPET);
  if (update) writeFileSync(readme, text.replace(block, `<!-- snippet:start -->\n\`\`\`html\n${wanted}\n\`\`\`\n<!-- snippet:end -->`));
  expect(readFileSync(readme, 'utf8').match(block)?.[1]).toBe(wanted);
});

it('the partner page carries the snippet, allowed by its hash', () => {
  const page = file('../../../examples/partner-site/index.html');
  let html = readFileSync(page, 'utf8');
  const code = snippetCode(PARTNER_SNIPPET);
  const hash = createHash('sha256').update(code).digest('base64');
  if (update) {
    html = html.replace(/<script>[\s\S]*?<\/script>/, () => `<script>${code}</script>`);
    html = html.replace(/http-equiv="Content-Security-Policy" content="[^"]*"/, `http-equiv="Content-Security-Policy" content="${PARTNER_CSP(hash)}"`);
    writeFileSync(page, html);
  }
  expect(html.match(/<script>([\s\S]*?)<\/script>/)?.[1]).toBe(code);
  expect(html).toContain(`content="${PARTNER_CSP(hash)}"`);
  expect(html.match(/<script/g)).toHaveLength(1);
});
