// The HTTP side of the rate limits (rate-limits/limiter.ts): which endpoints are limited per client, the
// client's address, and the middleware that checks and counts them and answers 429 with Retry-After.
import { endpoints, type EndpointDef } from '@permitdesk/core';
import { RATE_LIMITS, RateLimitedError, type LimitGroup } from '../rate-limits/limiter.js';
import type { App, AppContext } from './context.js';
import { clientAddress } from './client-address.js';

const v = endpoints.verification;
const id = endpoints.identity;
/** The endpoints limited per client, and the group whose counter each one uses. */
export const LIMITED_ENDPOINTS: ReadonlyArray<readonly [EndpointDef, LimitGroup]> = [
  [v.checkExists, 'lookup'],
  [v.verificationData, 'lookup'],
  [v.userByEmail, 'lookup'],
  [v.getSignupFlow, 'lookup'],
  // Issue 18: the waiting device polls (3 s growing to 15 s, paused while its tab is hidden).
  [v.signupFlowStatus, 'lookup'],
  [endpoints.companyLookups.emailDomain, 'lookup'],
  [endpoints.lookups.companyNameAvailable, 'lookup'],
  [endpoints.integrations.userByEmail, 'lookup'],
  [v.checkEmail, 'signUp'],
  [v.sendVerifyMail, 'signUp'],
  [v.saveVerification, 'signUp'],
  [endpoints.account.createUserApp, 'signUp'],
  [id.signUp, 'signUp'],
  [id.resendCode, 'signUp'],
  [v.verifyOtp, 'verification'],
  [v.confirmVerifiedUrl, 'verification'],
  [v.updateSignupFlowTotp, 'verification'],
  [v.deleteSignupFlow, 'verification'],
  [v.handOverSignupFlow, 'verification'],
  [id.confirmRegistration, 'verification'],
  [id.forgotPassword, 'recovery'],
  [id.confirmPassword, 'recovery'],
  // Public compliance links (issue 13): anyone may call them, so each client is counted.
  [endpoints.complianceLinks.open, 'publicLink'],
  [endpoints.complianceLinks.download, 'publicLink'],
  // E-signature (issue 13): the signer's calls take no account; the passcode checks count as verification.
  [endpoints.esign.view, 'publicLink'],
  [endpoints.esign.document, 'publicLink'],
  [endpoints.esign.sendPasscode, 'verification'],
  [endpoints.esign.verifyPasscode, 'verification'],
  [endpoints.esign.sign, 'publicLink'],
  [endpoints.esign.decline, 'publicLink'],
  [endpoints.esign.verify, 'publicLink'],
  // The homeowner's status page (issue 16): no account; subscribing sends a mail, confirming tries a token.
  [endpoints.statusLinks.open, 'publicLink'],
  [endpoints.statusLinks.subscribe, 'signUp'],
  [endpoints.statusLinks.confirm, 'verification'],
  [endpoints.statusLinks.unsubscribe, 'verification'],
  // The widget's funnel events (issue 18): public, so each client is counted.
  [endpoints.funnel.record, 'funnel'],
];

/** '/verify-reoon/{email}' → /^\/verify-reoon\/[^/]+$/ */
const pathPattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);

/**
 * Puts the per-client limits in front of LIMITED_ENDPOINTS (one middleware, so the catalogue's routes
 * stay one per endpoint), and a Retry-After on every 429 that has one.
 */
export function registerRateLimits(app: App): void {
  const limited = LIMITED_ENDPOINTS.map(([def, group]) => ({ method: def.method, pattern: pathPattern(def.path), group }));
  app.use(async (c, next) => {
    const match = limited.find((l) => l.method === c.req.method && l.pattern.test(c.req.path));
    if (match) {
      const { rateLimits } = c.get('services');
      const key = `${match.group}:${clientAddress(c)}`;
      try {
        await rateLimits.check(key);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        return c.json(error.toJSON(), 429, { 'Retry-After': String(error.retryAfterSeconds) });
      }
      await rateLimits.hit(key, RATE_LIMITS[match.group]);
    }
    await next();
    // 429s thrown further on (the sign-in delays) get the header too.
    if (c.error instanceof RateLimitedError) c.header('Retry-After', String(c.error.retryAfterSeconds));
  });
}
