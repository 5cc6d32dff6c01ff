// Picks the e-mail verifier from the configuration: the third-party adapter when EMAIL_VERIFIER_URL and
// EMAIL_VERIFIER_KEY are set (with the built-in checks as pre-check and fallback), else the built-in one.
import type { Config } from '../config.js';
import type { Logger } from '../http/logger.js';
import { createBuiltinVerifier } from './builtin-verifier.js';
import type { EmailVerifier } from './email-verifier.js';
import { createHttpVerifier } from './http-verifier.js';

export function createEmailVerifier(config: Config, log: Logger): EmailVerifier {
  // MX lookups need DNS; tests run without them unless asked.
  const mxLookup = config.EMAIL_MX_LOOKUP ? config.EMAIL_MX_LOOKUP === 'on' : config.NODE_ENV !== 'test';
  const local = createBuiltinVerifier({ mxLookup });
  if (!config.EMAIL_VERIFIER_URL || !config.EMAIL_VERIFIER_KEY) return local;
  return createHttpVerifier({
    url: config.EMAIL_VERIFIER_URL,
    key: config.EMAIL_VERIFIER_KEY,
    local,
    onError: (error) => log.warn('[email-verifier] service failed, using the built-in verdict', { error: String(error) }),
  });
}
