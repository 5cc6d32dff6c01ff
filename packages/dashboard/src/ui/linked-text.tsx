// Plain text with its web addresses made into links. A long address is shown as its first 15 characters
// and '...' (SPEC §9's link truncation, core's truncateLink), so a pasted URL never widens a message; the
// whole address is in the link's title. Only http(s) addresses become links, opened in a new tab without
// a referrer (a message may come from anyone on the permit).
import { truncateLink } from '@permitdesk/core';
import type { ReactNode } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

export function LinkedText({ text }: { text: string }): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    const href = match[0];
    parts.push(
      <a key={start} href={href} title={href} target="_blank" rel="noopener noreferrer nofollow">
        {truncateLink(href)}
      </a>,
    );
    last = start + href.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
