// Third-party e-mail verifier adapter (EMAIL_VERIFIER_URL + EMAIL_VERIFIER_KEY), modelled on the
// "reoon"-style single-address API the SPEC's paths name: GET {url}?email=&key=&mode=power answering
// { status, is_valid_syntax, is_disposable, is_role_account, mx_accepts_mail }.
// The built-in checks run first (a refused typo or throw-away domain costs no paid call) and answer when
// the service fails, so an outage never blocks sign-up.
import { EMAIL_STATUSES, type EmailStatus } from '@permitdesk/core';
import * as v from 'valibot';
import type { EmailVerdict, EmailVerifier } from './email-verifier.js';

export interface HttpVerifierOptions {
  url: string;
  key: string;
  /** The built-in verifier: pre-check and fallback. */
  local: EmailVerifier;
  timeoutMs?: number;
  /** Told when the service fails, e.g. to log it; the caller still gets the local verdict. */
  onError?: (error: unknown) => void;
}

// The provider's answer: only the fields we read; anything else it sends is ignored.
const serviceAnswerSchema = v.object({
  status: v.string(),
  is_valid_syntax: v.optional(v.boolean()),
  is_disposable: v.optional(v.boolean()),
  is_role_account: v.optional(v.boolean()),
  mx_accepts_mail: v.optional(v.nullable(v.boolean())),
});

const KNOWN = new Set<string>(EMAIL_STATUSES);
/** Provider words outside our list: a full inbox may empty, so it is not a refusal. */
const toStatus = (word: string): EmailStatus => {
  const lower = word.toLowerCase();
  return KNOWN.has(lower) ? (lower as EmailStatus) : 'unknown';
};

export function createHttpVerifier(options: HttpVerifierOptions): EmailVerifier {
  const { url, key, local, timeoutMs = 8000, onError } = options;
  return {
    async verify(email) {
      const pre = await local.verify(email);
      if (!pre.syntaxValid || pre.didYouMean || pre.disposable) return pre;
      try {
        const target = new URL(url);
        target.searchParams.set('email', email.trim().toLowerCase());
        target.searchParams.set('key', key);
        target.searchParams.set('mode', 'power');
        const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`E-mail verifier answered HTTP ${response.status}`);
        const answer = v.parse(serviceAnswerSchema, await response.json());
        const verdict: EmailVerdict = {
          status: toStatus(answer.status),
          syntaxValid: answer.is_valid_syntax ?? pre.syntaxValid,
          disposable: answer.is_disposable ?? pre.disposable,
          roleAccount: answer.is_role_account ?? pre.roleAccount,
          mxFound: answer.mx_accepts_mail ?? null,
          didYouMean: null,
        };
        return verdict;
      } catch (error) {
        onError?.(error);
        return pre;
      }
    },
  };
}
