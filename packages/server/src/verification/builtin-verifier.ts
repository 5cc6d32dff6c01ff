// The embedded e-mail verifier (DESIGN "e-mail verification"): syntax, known provider typos, disposable
// domains, role accounts and, when enabled, an MX lookup whose failure answers 'unknown', never an error.
import { promises as dns } from 'node:dns';
import { emailSchema } from '@permitdesk/core';
import * as v from 'valibot';
import { isDisposableDomain } from './disposable-domains.js';
import { suggestDomain } from './domain-typos.js';
import type { EmailVerdict, EmailVerifier } from './email-verifier.js';
import { isRoleAccount } from './role-accounts.js';

/** Resolves the MX hosts of a domain; rejects with a node:dns error code when there are none. */
export type MxResolver = (domain: string) => Promise<readonly { exchange: string }[]>;

export interface BuiltinVerifierOptions {
  /** Look the domain's MX records up (off in tests and when the machine has no DNS). */
  mxLookup?: boolean;
  mxTimeoutMs?: number;
  resolveMx?: MxResolver;
  /**
   * A domain known to take mail. When a lookup says "no such domain", this one is asked too: if it fails
   * as well, DNS itself is broken (an offline machine) and the answer is 'unknown', not 'invalid'.
   */
  probeDomain?: string;
}

/** Answers that prove the domain takes no mail; anything else (timeout, refused, server failure) is 'unknown'. */
const NO_MAIL_CODES = new Set(['ENOTFOUND', 'ENODATA']);

type MxOutcome = 'found' | 'none' | 'unknown';

async function lookUpMx(domain: string, resolve: MxResolver, timeoutMs: number): Promise<MxOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<MxOutcome>((done) => {
    timer = setTimeout(() => done('unknown'), timeoutMs);
  });
  const lookup = resolve(domain).then(
    (records): MxOutcome => (records.some((r) => r.exchange !== '' && r.exchange !== '.') ? 'found' : 'none'),
    (error: unknown): MxOutcome => {
      const code = (error as { code?: unknown } | null)?.code;
      return typeof code === 'string' && NO_MAIL_CODES.has(code) ? 'none' : 'unknown';
    },
  );
  try {
    return await Promise.race([lookup, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a DNS health probe's answer is trusted. */
const PROBE_TTL_MS = 5 * 60 * 1000;

export function createBuiltinVerifier(options: BuiltinVerifierOptions = {}): EmailVerifier {
  const { mxLookup = false, mxTimeoutMs = 1500, resolveMx = (domain) => dns.resolveMx(domain), probeDomain = 'gmail.com' } = options;
  let probe: { healthy: boolean; at: number } | null = null;
  const dnsHealthy = async (): Promise<boolean> => {
    if (probe && Date.now() - probe.at < PROBE_TTL_MS) return probe.healthy;
    const healthy = (await lookUpMx(probeDomain, resolveMx, mxTimeoutMs)) === 'found';
    probe = { healthy, at: Date.now() };
    return healthy;
  };

  return {
    async verify(input) {
      const email = input.trim().toLowerCase();
      const verdict: EmailVerdict = {
        status: 'safe', syntaxValid: false, disposable: false, roleAccount: false, mxFound: null, didYouMean: null,
      };
      const at = email.lastIndexOf('@');
      if (!v.is(emailSchema, email) || at < 1) return { ...verdict, status: 'invalid' };
      verdict.syntaxValid = true;
      const local = email.slice(0, at);
      const domain = email.slice(at + 1);
      verdict.roleAccount = isRoleAccount(local);

      const suggestion = suggestDomain(domain);
      if (suggestion) return { ...verdict, status: 'invalid', didYouMean: `${local}@${suggestion}` };
      if (isDisposableDomain(domain)) return { ...verdict, disposable: true, status: 'disposable' };

      if (mxLookup) {
        let mx = await lookUpMx(domain, resolveMx, mxTimeoutMs);
        if (mx === 'none' && !(await dnsHealthy())) mx = 'unknown';
        if (mx === 'none') return { ...verdict, mxFound: false, status: 'invalid' };
        if (mx === 'found') verdict.mxFound = true;
        else if (!verdict.roleAccount) return { ...verdict, status: 'unknown' };
      }
      return { ...verdict, status: verdict.roleAccount ? 'role_account' : 'safe' };
    },
  };
}
