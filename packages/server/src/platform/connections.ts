// A company's connection to its platform account (issue 14): started and completed by an owner or an
// administrator (OAuth 2.0 code + PKCE + state), its tokens sealed at rest (secret box 'platform-tokens',
// context = the connection id), refreshed before they expire, revoked on disconnect. A refused refresh
// marks the connection broken and mails the company's owners and administrators.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { MANAGER_ROLES, type PlatformConnection, type PlatformStatus } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import { companyManagerEmails, requireRoleInCompany } from '../companies/company-access.js';
import type { Db } from '../db/schema.js';
import type { Selectable } from 'kysely';
import type { PlatformConnectionsTable } from '../db/tables/platform.js';
import { inTransaction } from '../db/transaction.js';
import { badRequest, conflict, HttpError } from '../http/errors.js';
import type { AuthUser } from '../identity/user.js';
import { iso } from '../rows/values.js';
import { deletePlatformSubscription, upsertPlatformSubscription, WEBHOOK_SECRETS } from '../webhooks/index.js';
import type { AppServices } from '../services.js';
import { authorizationRequest, exchangeCode, PlatformOAuthError, refreshTokens, revokeToken, type TokenSet } from './oauth.js';
import { createPlatformApi, PlatformApiError, type PlatformApi } from './platform-api.js';
import { PLATFORM_MESSAGES, platformSettings, requireSettings, webhookUrlOf, type PlatformSettings } from './settings.js';

export type ConnectionRow = Selectable<PlatformConnectionsTable>;
type Services = Pick<AppServices, 'db' | 'config' | 'clock' | 'mail' | 'secretBox' | 'log'>;

/** A company's managers connect it to a platform and disconnect it. */
export const CONNECT_ROLES = MANAGER_ROLES;
/** An authorization started and not finished within this time is forgotten. */
const STATE_MINUTES = 10;
/** Tokens are refreshed this long before they expire. */
export const REFRESH_AHEAD_MS = 5 * 60 * 1000;

const box = (services: Pick<AppServices, 'secretBox'>) => services.secretBox('platform-tokens');
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export function toConnection(row: ConnectionRow, publicUrl: string): PlatformConnection {
  return {
    id: row.id,
    companyId: row.company_id,
    platformName: row.platform_name,
    status: row.status,
    accountName: row.account_name,
    connectedAt: iso(row.connected_at),
    tokenExpiresAt: row.token_expires_at ? iso(row.token_expires_at) : null,
    lastError: row.last_error,
    brokenAt: row.broken_at ? iso(row.broken_at) : null,
    webhookUrl: webhookUrlOf(publicUrl, row.id),
  };
}

/** The company's live connection (connected or broken), if any. */
export const liveConnection = (db: Db, companyId: number): Promise<ConnectionRow | undefined> =>
  db.selectFrom('platform_connections').selectAll().where('company_id', '=', companyId).where('status', '<>', 'revoked').executeTakeFirst();

export async function connectionStatus(services: Services, user: AuthUser, companyId: number): Promise<PlatformStatus> {
  await requireRoleInCompany(services.db, user.sub, companyId, ['owner', 'administrator', 'pm', 'user']);
  const settings = platformSettings(services.config);
  const row =
    (await liveConnection(services.db, companyId)) ??
    (await services.db.selectFrom('platform_connections').selectAll().where('company_id', '=', companyId).orderBy('revoked_at', 'desc').executeTakeFirst());
  return { configured: settings !== null, platformName: services.config.PLATFORM_NAME, connection: row ? toConnection(row, services.config.PUBLIC_URL) : null };
}

/** "Set credentials": the authorization URL to send the owner to; the state and PKCE verifier wait here. */
export async function startConnect(services: Services, user: AuthUser, companyId: number): Promise<{ authorizeUrl: string }> {
  const settings = requireSettings(services.config);
  await requireRoleInCompany(services.db, user.sub, companyId, CONNECT_ROLES);
  const request = await authorizationRequest(settings);
  const stateHash = hashState(request.state);
  const now = services.clock();
  await services.db.deleteFrom('platform_oauth_states').where('expires_at', '<', now).execute();
  await services.db
    .insertInto('platform_oauth_states')
    .values({
      state_hash: stateHash,
      company_id: companyId,
      user_id: user.sub,
      code_verifier_sealed: box(services).seal(`oauth-state:${stateHash}`, request.codeVerifier),
      expires_at: new Date(now.getTime() + STATE_MINUTES * 60_000),
      created_at: now,
    })
    .execute();
  return { authorizeUrl: request.url };
}

function oauthFailure(error: unknown): HttpError {
  if (error instanceof PlatformOAuthError) return badRequest(PLATFORM_MESSAGES.codeRefused, 'PLATFORM_CODE_REFUSED');
  return new HttpError(502, PLATFORM_MESSAGES.unavailable, 'PLATFORM_UNAVAILABLE');
}

/**
 * "Authentication with a code": the state must be one this server issued to this user, unexpired and
 * unused; the code is traded with the PKCE verifier. A company connected before (even broken) keeps its
 * connection id, its links and its webhook secret.
 */
export async function completeConnect(services: Services, user: AuthUser, input: { code: string; state: string }, actor: AuditActor): Promise<PlatformConnection> {
  const settings = requireSettings(services.config);
  const stateHash = hashState(input.state);
  const now = services.clock();
  // Single use: the state is gone whatever happens next.
  const pending = await services.db.deleteFrom('platform_oauth_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
  if (!pending || pending.user_id !== user.sub || new Date(pending.expires_at).getTime() < now.getTime()) {
    throw badRequest(PLATFORM_MESSAGES.stateMismatch, 'PLATFORM_STATE_MISMATCH');
  }
  const companyId = pending.company_id;
  await requireRoleInCompany(services.db, user.sub, companyId, CONNECT_ROLES);
  const codeVerifier = box(services).open(`oauth-state:${stateHash}`, pending.code_verifier_sealed);

  let tokens: TokenSet;
  try {
    tokens = await exchangeCode(settings, { code: input.code, state: input.state, codeVerifier, now });
  } catch (error) {
    services.log.warn('platform: the code exchange failed', { error: error instanceof Error ? error.message : String(error) });
    throw oauthFailure(error);
  }

  const api = createPlatformApi(settings, tokens.accessToken);
  const account = await api.me().catch(() => ({ accountId: null, accountName: null }));
  const existing = await liveConnection(services.db, companyId);
  const id = existing?.id ?? randomUUID();
  const webhookSecret = existing ? box(services).open(id, existing.webhook_secret_sealed) : randomBytes(32).toString('base64url');
  const sealed = {
    status: 'connected' as const,
    platform_name: settings.name,
    account_id: account.accountId,
    account_name: account.accountName,
    access_token_sealed: box(services).seal(id, tokens.accessToken),
    refresh_token_sealed: tokens.refreshToken ? box(services).seal(id, tokens.refreshToken) : null,
    token_expires_at: tokens.expiresAt,
    scope: tokens.scope,
    webhook_secret_sealed: box(services).seal(id, webhookSecret),
    last_error: null,
    broken_at: null,
    connected_by: user.sub,
    connected_at: now,
    updated_at: now,
  };
  await inTransaction(services.db, async (trx) => {
    if (existing) await trx.updateTable('platform_connections').set(sealed).where('id', '=', id).execute();
    else await trx.insertInto('platform_connections').values({ id, company_id: companyId, ...sealed }).execute();
    // The platform hears this company's events (permits, inspections, quotes, compliance) when it says where.
    if (services.config.PLATFORM_EVENTS_URL) {
      const description = `${settings.name} (follows the connection)`;
      await upsertPlatformSubscription(trx, services.secretBox(WEBHOOK_SECRETS), { companyId, connectionId: id, url: services.config.PLATFORM_EVENTS_URL, secret: webhookSecret, description, userId: user.sub }, now);
    }
    await recordAudit(trx, actor, { entity: 'company', entityId: companyId, action: 'platform_connected', companyId, before: null, after: { platform: settings.name, account: account.accountName } }, now);
  });

  // The platform signs its events (and the sign-in links) with the connection's secret: register it.
  try {
    await api.registerWebhook(webhookUrlOf(settings.publicUrl, id), webhookSecret);
  } catch (error) {
    const message = `The platform did not accept the webhook registration: ${error instanceof Error ? error.message : String(error)}`;
    await services.db.updateTable('platform_connections').set({ last_error: message }).where('id', '=', id).execute();
  }
  const row = await services.db.selectFrom('platform_connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toConnection(row, services.config.PUBLIC_URL);
}

/** Disconnect: revoke both tokens at the platform (best effort), forget them, keep the row for the trail. */
export async function disconnect(services: Services, user: AuthUser, companyId: number, actor: AuditActor): Promise<{ ok: true }> {
  await requireRoleInCompany(services.db, user.sub, companyId, CONNECT_ROLES);
  const row = await liveConnection(services.db, companyId);
  if (!row) throw conflict(PLATFORM_MESSAGES.notConnected, 'PLATFORM_NOT_CONNECTED');
  const settings = platformSettings(services.config);
  if (settings) {
    for (const [sealed, hint] of [[row.refresh_token_sealed, 'refresh_token'], [row.access_token_sealed, 'access_token']] as const) {
      if (!sealed) continue;
      await revokeToken(settings, box(services).open(row.id, sealed), hint).catch((error: unknown) =>
        services.log.warn('platform: token revocation failed', { connectionId: row.id, error: error instanceof Error ? error.message : String(error) }),
      );
    }
  }
  const now = services.clock();
  await inTransaction(services.db, async (trx) => {
    await trx
      .updateTable('platform_connections')
      .set({ status: 'revoked', access_token_sealed: null, refresh_token_sealed: null, token_expires_at: null, revoked_at: now, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await deletePlatformSubscription(trx, row.id);
    await recordAudit(trx, actor, { entity: 'company', entityId: companyId, action: 'platform_disconnected', companyId, before: { platform: row.platform_name }, after: null }, now);
  });
  return { ok: true };
}

/** The connection's webhook secret (signs the platform's events and sign-in links). */
export const webhookSecretOf = (services: Pick<AppServices, 'secretBox'>, row: ConnectionRow): string => box(services).open(row.id, row.webhook_secret_sealed);

/** Marks a connection broken (once) and tells the company's owners and administrators. */
export async function markBroken(services: Services, row: ConnectionRow, reason: string): Promise<void> {
  const now = services.clock();
  const updated = await services.db
    .updateTable('platform_connections')
    .set({ status: 'broken', broken_at: now, last_error: reason, updated_at: now })
    .where('id', '=', row.id)
    .where('status', '=', 'connected')
    .returning('id')
    .executeTakeFirst();
  if (!updated) return;
  const company = await services.db.selectFrom('companies').select('name').where('id', '=', row.company_id).executeTakeFirst();
  const link = `${services.config.PUBLIC_URL}/compliance-center/integrations?companyId=${row.company_id}`;
  for (const to of await companyManagerEmails(services.db, row.company_id)) {
    await services.mail.send('platform_connection_broken', to, { companyName: company?.name ?? 'your company', platformName: row.platform_name, reason, link });
  }
}

/**
 * A valid access token for the connection: refreshed first when it expires within five minutes. A refresh
 * the platform refuses breaks the connection (mail to the owners); a platform that does not answer leaves
 * it as it is (the caller retries later).
 */
export async function accessTokenOf(services: Services, row: ConnectionRow, options: { force?: boolean } = {}): Promise<string> {
  const settings = requireSettings(services.config);
  if (row.status === 'broken') throw conflict(PLATFORM_MESSAGES.broken, 'PLATFORM_BROKEN');
  if (row.status !== 'connected' || !row.access_token_sealed) throw conflict(PLATFORM_MESSAGES.notConnected, 'PLATFORM_NOT_CONNECTED');
  const now = services.clock();
  const expiresAt = row.token_expires_at ? new Date(row.token_expires_at).getTime() : null;
  const due = options.force || (expiresAt !== null && expiresAt - now.getTime() <= REFRESH_AHEAD_MS);
  if (!due) return box(services).open(row.id, row.access_token_sealed);
  if (!row.refresh_token_sealed) {
    await markBroken(services, row, 'The access token expired and the platform gave no refresh token.');
    throw conflict(PLATFORM_MESSAGES.broken, 'PLATFORM_BROKEN');
  }
  let tokens: TokenSet;
  try {
    tokens = await refreshTokens(settings, box(services).open(row.id, row.refresh_token_sealed), now);
  } catch (error) {
    if (error instanceof PlatformOAuthError) {
      await markBroken(services, row, `The platform refused to refresh the access token (${error.error}).`);
      throw conflict(PLATFORM_MESSAGES.broken, 'PLATFORM_BROKEN');
    }
    throw new HttpError(502, PLATFORM_MESSAGES.unavailable, 'PLATFORM_UNAVAILABLE');
  }
  // Only if nobody refreshed meanwhile (another replica): else use what they stored.
  const stored = await services.db
    .updateTable('platform_connections')
    .set({
      access_token_sealed: box(services).seal(row.id, tokens.accessToken),
      refresh_token_sealed: tokens.refreshToken ? box(services).seal(row.id, tokens.refreshToken) : row.refresh_token_sealed,
      token_expires_at: tokens.expiresAt,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .where('refresh_token_sealed', '=', row.refresh_token_sealed)
    .returning('id')
    .executeTakeFirst();
  if (stored) return tokens.accessToken;
  const fresh = await services.db.selectFrom('platform_connections').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  return box(services).open(fresh.id, fresh.access_token_sealed ?? '');
}

/** The platform's API for a company's live connection, with a fresh token. */
export async function apiFor(services: Services, row: ConnectionRow): Promise<{ api: PlatformApi; settings: PlatformSettings }> {
  const settings = requireSettings(services.config);
  return { api: createPlatformApi(settings, await accessTokenOf(services, row)), settings };
}

/** Runs a platform call; an API error becomes 502 with what failed (a 404 of the platform stays the caller's). */
export async function platformCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlatformApiError) throw new HttpError(502, `${PLATFORM_MESSAGES.unavailable} (${error.message})`, 'PLATFORM_UNAVAILABLE');
    throw error;
  }
}

/** The worker's sweep: refreshes every connection whose token expires within five minutes. */
export async function refreshExpiringConnections(services: Services): Promise<number> {
  const limit = new Date(services.clock().getTime() + REFRESH_AHEAD_MS);
  const rows = await services.db.selectFrom('platform_connections').selectAll().where('status', '=', 'connected').where('token_expires_at', '<=', limit).execute();
  let refreshed = 0;
  for (const row of rows) {
    try {
      await accessTokenOf(services, row);
      refreshed += 1;
    } catch (error) {
      services.log.warn('platform: refresh failed', { connectionId: row.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return refreshed;
}
