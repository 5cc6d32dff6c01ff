// Which host serves which area of the catalogue (SPEC §7: an API host, a private API, an integrations
// API and an e-mail verification service). Each service host defaults to the base URL.
import type { Endpoints } from '../api/index.js';
import { REQUEST_ERRORS } from '../rules/request-messages.js';
import { ApiRequestError, CLIENT_ERROR_CODES } from './errors.js';

export type HostName = 'api' | 'private' | 'integrations' | 'verification';

/** Areas not listed here go to the API host. */
export const DEFAULT_AREA_HOSTS: Partial<Record<keyof Endpoints, HostName>> = {
  verification: 'verification',
  integrations: 'integrations',
  account: 'private',
};

export interface HostConfig {
  baseUrl: string;
  privateApiUrl?: string;
  integrationsUrl?: string;
  verificationUrl?: string;
}

/**
 * An absolute http(s) URL, or in a browser a path starting with '/' (read against the page's origin,
 * so a dashboard served by the API itself can say '/'). Anything else is not a URL we can call.
 */
function parseHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const pageHref = (globalThis as { location?: { href?: string } }).location?.href;
  try {
    const url = value.startsWith('/') && pageHref ? new URL(value, pageHref) : new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/** Checks every configured host; throws the SPEC's BASE_URL_INVALID / SERVICE_URL_INVALID errors. */
export function resolveHosts(config: HostConfig): Record<HostName, string> {
  const api = parseHttpUrl(config.baseUrl);
  if (!api) {
    throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.baseUrlInvalid, message: REQUEST_ERRORS.baseUrlInvalid });
  }
  const service = (value: string | undefined): string => {
    if (value === undefined) return api;
    const url = parseHttpUrl(value);
    if (!url) {
      throw new ApiRequestError({ status: 0, code: CLIENT_ERROR_CODES.serviceUrlInvalid, message: REQUEST_ERRORS.serviceUrlInvalid });
    }
    return url;
  };
  return {
    api,
    private: service(config.privateApiUrl),
    integrations: service(config.integrationsUrl),
    verification: service(config.verificationUrl),
  };
}
