// Disposable (throw-away) mail domains from the `disposable-email-domains` package, loaded on first use:
// the list holds over 100,000 names and most server starts never need it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let domains: ReadonlySet<string> | null = null;

function load(): ReadonlySet<string> {
  if (!domains) {
    const exact = require('disposable-email-domains/index.json') as string[];
    // The wildcard list names providers whose every subdomain is disposable too.
    const wildcard = require('disposable-email-domains/wildcard.json') as string[];
    domains = new Set([...exact, ...wildcard].map((d) => d.toLowerCase()));
  }
  return domains;
}

/** 'mailinator.com' and 'x.mailinator.com' are disposable; a domain is checked with each parent. */
export function isDisposableDomain(domain: string): boolean {
  const set = load();
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i <= labels.length - 2; i++) {
    if (set.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
