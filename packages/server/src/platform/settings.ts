// The platform this server is configured for (PLATFORM_* variables), or null when none is: every platform
// call then answers 409 PLATFORM_NOT_CONFIGURED. A platform such as Procore or Autodesk Build is plugged in
// by these variables (standard OAuth 2.0 endpoints) and, where its API differs, an adapter (platform-api.ts).
import type { Config } from '../config.js';
import { conflict } from '../http/errors.js';

export interface PlatformSettings {
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string | null;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string | null;
  /** Where the platform sends the user back with the code: the dashboard's Integrations page. */
  redirectUri: string;
  publicUrl: string;
}

export const PLATFORM_MESSAGES = {
  notConfigured: 'No construction platform is configured on this server.',
  notConnected: 'This company is not connected to the construction platform. Connect it from the Compliance Center.',
  broken: 'The connection to the construction platform stopped working. Reconnect it from the Compliance Center.',
  stateMismatch: 'This authorization is unknown or has expired. Start the connection again.',
  codeRefused: 'The construction platform refused the authorization. Start the connection again.',
  unavailable: 'The construction platform did not answer. Try again in a moment.',
  projectNotFound: 'This project was not found on the construction platform.',
  addressUnresolved: "The platform project's address could not be resolved to a US address.",
  signinInvalid: 'The sign-in link is not valid.',
  signinExpired: 'The sign-in link has expired. Open the project from the platform again.',
  signinUsed: 'The sign-in link was already used. Open the project from the platform again.',
  signinNotMember: 'This account is not a member of the company connected to the platform.',
  signinTwoFactor: 'This account uses two-step verification: sign in with your password.',
  linkNotFound: 'This platform project is not linked to a PermitDesk project you can see.',
} as const;

export function platformSettings(config: Config): PlatformSettings | null {
  const { PLATFORM_AUTHORIZE_URL, PLATFORM_TOKEN_URL, PLATFORM_API_URL, PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET } = config;
  if (!PLATFORM_AUTHORIZE_URL || !PLATFORM_TOKEN_URL || !PLATFORM_API_URL || !PLATFORM_CLIENT_ID || !PLATFORM_CLIENT_SECRET) return null;
  return {
    name: config.PLATFORM_NAME,
    authorizeUrl: PLATFORM_AUTHORIZE_URL,
    tokenUrl: PLATFORM_TOKEN_URL,
    revokeUrl: config.PLATFORM_REVOKE_URL ?? null,
    apiUrl: PLATFORM_API_URL.replace(/\/+$/, ''),
    clientId: PLATFORM_CLIENT_ID,
    clientSecret: PLATFORM_CLIENT_SECRET,
    scope: config.PLATFORM_SCOPE ?? null,
    redirectUri: `${config.PUBLIC_URL}/compliance-center/integrations`,
    publicUrl: config.PUBLIC_URL,
  };
}

export function requireSettings(config: Config): PlatformSettings {
  const settings = platformSettings(config);
  if (!settings) throw conflict(PLATFORM_MESSAGES.notConfigured, 'PLATFORM_NOT_CONFIGURED');
  return settings;
}

/** Where the platform posts its events for a connection. */
export const webhookUrlOf = (publicUrl: string, connectionId: string): string => `${publicUrl}/webhooks/platform/${connectionId}`;
