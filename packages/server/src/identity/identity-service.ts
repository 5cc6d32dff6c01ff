// The identity service: the "hosted identity pool" operations of SPEC §7 run by the server itself.
// Passwords are scrypt hashes (the most common ones refused), access tokens are short JWTs tied to a
// session (a refresh token family, checked on use), refresh tokens rotate, codes are mailed
// through the outbox, and failures are throttled per e-mail without revealing whether it exists.
import {
  ACCOUNT_MESSAGES,
  SESSION_EXPIRED_MESSAGE,
  splitFullName,
  type AuthenticateResult,
  type Profile,
  type SessionTokens,
  type SetupCompanyName,
} from '@permitdesk/core';
import { randomUUID } from 'node:crypto';
import { sql, type Selectable, type Updateable } from 'kysely';
import { permissionsOf } from '../companies/permissions.js';
import type { Db } from '../db/schema.js';
import type { UserStatus, UsersTable } from '../db/tables/identity.js';
import type { AuthUser } from './user.js';
import { badRequest, conflict, forbidden, HttpError, notFound, tooManyRequests, unauthorized } from '../http/errors.js';
import type { MailService } from '../mail/mail-service.js';
import type { AccessTokens } from './access-tokens.js';
import type { Codes } from './codes.js';
import { refuseCommonPassword } from './common-passwords.js';
import type { Handoffs } from './handoffs.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { IDENTITY_MESSAGES as M, IDENTITY_POLICY as P } from './policy.js';
import type { RefreshTokens } from './refresh-tokens.js';
import type { Sessions } from './sessions.js';
import type { Throttle } from './throttle.js';
import { RATE_LIMITS, RateLimitedError, type RateLimiter } from '../rate-limits/limiter.js';
import { inTransaction } from '../db/transaction.js';
import { recordAudit, type AuditActor } from '../audit/audit.js';
import type { TwoFactor } from './two-factor.js';

export type UserRow = Selectable<UsersTable>;
interface InTx {
  /** Run inside the caller's transaction (e.g. account + company created together). */
  db?: Db;
}

export interface NewUser {
  email: string;
  password: string;
  name: string;
  phone?: string | null;
  /** true: the e-mail is already verified and the account can sign in. */
  confirmed: boolean;
  /** Created by an operator or an invitation: the first sign-in must choose a new password. */
  forceChangePassword?: boolean;
  attributes?: { hasMigrated?: 0 | 1; setupCompanyName?: SetupCompanyName | null; fromURL?: string | null };
}

export interface AttributeChanges {
  'custom:hasMigrated'?: 0 | 1;
  'custom:setupCompanyName'?: SetupCompanyName | null;
  'custom:fromURL'?: string | null;
  name?: string;
  phone_number?: string;
}

export interface IdentityService {
  verifyAccessToken(token: string): Promise<AuthUser>;
  signUp(input: { email: string; password: string; fullName: string; phoneNumber?: string; companyName?: string; companyAddress?: string; fromURL?: string }): Promise<{ sub: string; codeDeliveryDestination: string }>;
  confirmRegistration(email: string, code: string): Promise<void>;
  resendCode(email: string): Promise<void>;
  /** `client` is the caller's address: wrong passwords are counted per client and per account+client. */
  authenticate(email: string, password: string, client?: string): Promise<AuthenticateResult>;
  forgotPassword(email: string): Promise<void>;
  confirmPassword(email: string, code: string, newPassword: string): Promise<void>;
  changePassword(sub: string, oldPassword: string, newPassword: string): Promise<void>;
  completeNewPassword(session: string, newPassword: string): Promise<AuthenticateResult>;
  updateAttributes(sub: string, changes: AttributeChanges): Promise<Profile>;
  refreshSession(refreshToken: string): Promise<{ tokens: SessionTokens; profile: Profile }>;
  /** Ends a session: the refresh token's family, or the session of an access token (`sid`). */
  signOut(input: { refreshToken?: string; sid?: string }): Promise<void>;
  profile(sub: string, options?: InTx): Promise<Profile>;
  /** A single-use, 60-second code for the signed-in user, redeemable at `audience` (the PermitDesk site). */
  createHandoff(sub: string, audience: string): Promise<{ code: string; expiresAt: number }>;
  /**
   * Trades a handoff code for a fresh session of its user. `origin` is the request's Origin header (a
   * browser's word on who asks), `client` the caller's address for the failure limit.
   */
  exchangeHandoff(input: { code: string; audience: string; origin: string | null; client: string }): Promise<{ tokens: SessionTokens; profile: Profile }>;
  // ---- two-step sign-in and sessions (issue 18) ----
  /** The second step of a sign-in: the password step's challenge and a code of the app or a recovery code. */
  completeTwoFactor(input: { challenge: string; code: string; requestId: string | null }): Promise<AuthenticateResult>;
  twoFactorStatus(sub: string): Promise<{ enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }>;
  startTwoFactor(sub: string, actor: AuditActor): Promise<{ secret: string; otpauthUrl: string; qrCode: string }>;
  confirmTwoFactor(sub: string, code: string, actor: AuditActor): Promise<string[]>;
  disableTwoFactor(sub: string, password: string, code: string, actor: AuditActor): Promise<void>;
  /** Revokes every refresh token family of the user: their access tokens die at once (the session check). */
  signOutEverywhere(sub: string, actor: AuditActor): Promise<void>;
  /** The user's password, with the same lock as a password change (5 wrong in 15 minutes); 400 when wrong. */
  checkPassword(sub: string, password: string): Promise<void>;
  /** Ends every session of a user inside the caller's transaction (call `forgetSessions` after commit). */
  revokeAllSessions(sub: string, options: { db: Db }): Promise<void>;
  forgetSessions(): void;
  twoFactorEnabled(sub: string, options?: InTx): Promise<boolean>;
  disableTwoFactorOf(sub: string, options: { db: Db }): Promise<void>;
  // ---- for other areas (sign-up, invitations) ----
  createUser(user: NewUser, options?: InTx): Promise<UserRow>;
  issueSession(sub: string, options?: InTx): Promise<{ tokens: SessionTokens; profile: Profile }>;
  findByEmail(email: string, options?: InTx): Promise<UserRow | null>;
  findById(sub: string, options?: InTx): Promise<UserRow | null>;
  markEmailVerified(sub: string, options?: InTx): Promise<void>;
}

interface Deps {
  db: Db;
  /** Where the dashboard lives, for links in mails. */
  publicUrl: string;
  clock: () => Date;
  tokens: AccessTokens;
  refresh: RefreshTokens;
  sessions: Sessions;
  codes: Codes;
  handoffs: Handoffs;
  throttle: Throttle;
  /** Sign-in failures per client and per account+client, shared by every replica. */
  limits: RateLimiter;
  mail: MailService;
  twoFactor: TwoFactor;
}

const normalize = (email: string) => email.trim().toLowerCase();
/** Show where a code went without showing the whole address: j***@example.com */
const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

export function toProfile(user: UserRow, permissions: Profile['permissions']): Profile {
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.email_verified,
    name: user.name,
    given_name: user.given_name,
    family_name: user.family_name,
    phone_number: user.phone_number,
    'custom:hasMigrated': user.has_migrated === 0 ? 0 : 1,
    'custom:setupCompanyName': user.setup_company_name ?? null,
    'custom:fromURL': user.from_url,
    permissions,
  };
}

export function createIdentityService(deps: Deps): IdentityService {
  const { db, clock, tokens, refresh, sessions, codes, handoffs, throttle, limits, mail, twoFactor } = deps;
  const signInUrl = () => `${deps.publicUrl}/sign-in`;
  /** The only audience handoff codes may name: the PermitDesk site itself. */
  const siteOrigin = new URL(deps.publicUrl).origin;
  const keys = {
    signInClient: (client: string) => `sign-in:client:${client}`,
    signInAccount: (email: string, client: string) => `sign-in:account:${client}:${email}`,
    changePassword: (sub: string) => `change-password:${sub}`,
    code: (purpose: string, email: string) => `code:${purpose}:${email}`,
    send: (purpose: string, email: string) => `send:${purpose}:${email}`,
    handoffIssue: (sub: string) => `handoff-issue:${sub}`,
    handoffFailure: (client: string) => `handoff-failure:${client}`,
    twoFactor: (sub: string) => `two-factor:${sub}`,
  };
  const accountAudit = (conn: Db, actor: AuditActor, sub: string, action: string, after?: Record<string, unknown>) =>
    recordAudit(conn, actor, { entity: 'account', entityId: sub, action, after: after ?? null });

  /** A code of the app or a recovery code, locked after 5 wrong ones in 15 minutes (like a password). */
  async function checkSecondFactor(sub: string, code: string) {
    const key = keys.twoFactor(sub);
    if (await throttle.isLocked(key)) throw tooManyRequests(M.attemptsExceeded, 'CODE_ATTEMPTS_EXCEEDED');
    const result = await twoFactor.check(db, sub, code);
    if (result === 'wrong') {
      const locked = await throttle.fail(key, P.twoFactorAttempts);
      if (locked) throw tooManyRequests(M.attemptsExceeded, 'CODE_ATTEMPTS_EXCEEDED');
      throw badRequest(ACCOUNT_MESSAGES.codeWrong, 'CODE_MISMATCH');
    }
    await throttle.reset(key);
    return result;
  }

  async function checkPassword(sub: string, password: string) {
    const user = await findById(sub);
    if (!user) throw unauthorized();
    const key = keys.changePassword(sub);
    if (await throttle.isLocked(key)) throw tooManyRequests(M.attemptsExceeded, 'PASSWORD_ATTEMPTS_EXCEEDED');
    if (!(await verifyPassword(password, user.password_hash))) {
      await throttle.fail(key, P.signIn);
      throw badRequest(ACCOUNT_MESSAGES.passwordWrong, 'NOT_AUTHORIZED');
    }
  }

  const findByEmail = async (email: string, options: InTx = {}) =>
    (await (options.db ?? db).selectFrom('users').selectAll().where('email', '=', normalize(email)).executeTakeFirst()) ?? null;
  const findById = async (sub: string, options: InTx = {}) =>
    (await (options.db ?? db).selectFrom('users').selectAll().where('id', '=', sub).executeTakeFirst()) ?? null;

  async function profile(sub: string, options: InTx = {}): Promise<Profile> {
    const conn = options.db ?? db;
    const user = await findById(sub, { db: conn });
    if (!user) throw notFound(M.userNotFound, 'USER_NOT_FOUND');
    return toProfile(user, await permissionsOf(conn, sub));
  }

  async function issueSession(sub: string, options: InTx = {}) {
    const conn = options.db ?? db;
    const current = await profile(sub, { db: conn });
    const sid = randomUUID(); // the session: a new refresh token family
    const access = await tokens.sign({ sub, email: current.email, sid });
    const refreshToken = await refresh.issue(conn, sub, sid);
    return { tokens: { accessToken: access.token, refreshToken, expiresAt: access.expiresAt }, profile: current };
  }

  /** Refuses while too many codes were sent to the address; counts this send. */
  async function countSend(purpose: string, email: string) {
    const key = keys.send(purpose, email);
    if (await throttle.isLocked(key)) throw tooManyRequests(M.limitExceeded);
    await throttle.fail(key, P.codeSends);
  }

  /** A mailed code check shared by confirmation and reset; unknown addresses answer like wrong codes. */
  async function checkCode(user: UserRow | null, email: string, purpose: 'confirm_signup' | 'reset_password', code: string) {
    const key = keys.code(purpose, email);
    if (await throttle.isLocked(key)) throw tooManyRequests(M.limitExceeded);
    const result = user ? await codes.check(db, user.id, purpose, code) : 'mismatch';
    if (result === 'ok') {
      await throttle.reset(key);
      return;
    }
    if (result === 'expired') throw badRequest(M.codeExpired, 'EXPIRED_CODE');
    const locked = await throttle.fail(key, P.codeAttempts);
    // Too many wrong tries: the code dies with the lock.
    if (locked && user) await db.updateTable('identity_codes').set({ consumed_at: clock() }).where('user_id', '=', user.id).where('purpose', '=', purpose).where('consumed_at', 'is', null).execute();
    throw badRequest(M.codeMismatch, 'CODE_MISMATCH');
  }

  async function createUser(user: NewUser, options: InTx = {}): Promise<UserRow> {
    const conn = options.db ?? db;
    const email = normalize(user.email);
    const { firstName, lastName } = splitFullName(user.name);
    const status: UserStatus = user.forceChangePassword ? 'FORCE_CHANGE_PASSWORD' : user.confirmed ? 'CONFIRMED' : 'UNCONFIRMED';
    await refuseCommonPassword(user.password);
    const now = clock();
    try {
      return await conn
        .insertInto('users')
        .values({
          email,
          password_hash: await hashPassword(user.password),
          status,
          email_verified: user.confirmed,
          name: user.name.trim(),
          given_name: firstName,
          family_name: lastName,
          phone_number: user.phone ?? null,
          has_migrated: user.attributes?.hasMigrated ?? 1,
          setup_company_name: user.attributes?.setupCompanyName ? JSON.stringify(user.attributes.setupCompanyName) : null,
          from_url: user.attributes?.fromURL ?? null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict(M.emailExists, 'USERNAME_EXISTS');
      throw error;
    }
  }

  async function passwordChallenge(user: UserRow): Promise<AuthenticateResult> {
    if (user.status === 'FORCE_CHANGE_PASSWORD') {
      return { status: 'new_password_required', session: await codes.issueSession(db, user.id), email: user.email };
    }
    if (await twoFactor.isEnabled(db, user.id)) {
      return { status: 'two_factor_required', challenge: await twoFactor.issueChallenge(user.id), email: user.email };
    }
    return { status: 'ok', ...(await issueSession(user.id)) };
  }

  return {
    async completeTwoFactor({ challenge, code, requestId }) {
      const sub = await twoFactor.readChallenge(challenge);
      const user = sub ? await findById(sub) : null;
      if (!user || user.status !== 'CONFIRMED' || user.deleted_at) throw unauthorized(ACCOUNT_MESSAGES.challengeExpired, 'CHALLENGE_INVALID');
      const result = await checkSecondFactor(user.id, code);
      const actor: AuditActor = { userId: user.id, role: 'customer', requestId };
      await accountAudit(db, actor, user.id, result === 'recovery' ? 'signed_in_with_recovery_code' : 'signed_in_with_two_factor');
      return { status: 'ok', ...(await issueSession(user.id)) };
    },
    twoFactorStatus: (sub) => twoFactor.status(db, sub),
    twoFactorEnabled: (sub, options = {}) => twoFactor.isEnabled(options.db ?? db, sub),
    disableTwoFactorOf: (sub, options) => twoFactor.disable(options.db, sub),
    async startTwoFactor(sub, actor) {
      const user = await findById(sub);
      if (!user) throw unauthorized();
      if (await twoFactor.isEnabled(db, sub)) throw conflict(ACCOUNT_MESSAGES.alreadyEnabled, 'TWO_FACTOR_ENABLED');
      const setup = await twoFactor.start(db, sub, user.email);
      await accountAudit(db, actor, sub, 'two_factor_setup_started');
      return setup;
    },
    async confirmTwoFactor(sub, code, actor) {
      if (await twoFactor.isEnabled(db, sub)) throw conflict(ACCOUNT_MESSAGES.alreadyEnabled, 'TWO_FACTOR_ENABLED');
      const key = keys.twoFactor(sub);
      if (await throttle.isLocked(key)) throw tooManyRequests(M.attemptsExceeded, 'CODE_ATTEMPTS_EXCEEDED');
      const recoveryCodes = await inTransaction(db, async (trx) => {
        const created = await twoFactor.confirm(trx, sub, code);
        if (created) await accountAudit(trx, actor, sub, 'two_factor_enabled');
        return created;
      });
      if (!recoveryCodes) {
        await throttle.fail(key, P.twoFactorAttempts);
        throw badRequest(ACCOUNT_MESSAGES.codeWrong, 'CODE_MISMATCH');
      }
      await throttle.reset(key);
      return recoveryCodes;
    },
    async disableTwoFactor(sub, password, code, actor) {
      if (!(await twoFactor.isEnabled(db, sub))) throw conflict(ACCOUNT_MESSAGES.notEnabled, 'TWO_FACTOR_DISABLED');
      await checkPassword(sub, password);
      await checkSecondFactor(sub, code);
      await inTransaction(db, async (trx) => {
        await twoFactor.disable(trx, sub);
        await accountAudit(trx, actor, sub, 'two_factor_disabled');
      });
    },
    async signOutEverywhere(sub, actor) {
      await inTransaction(db, async (trx) => {
        await refresh.revokeAllOf(trx, sub);
        await accountAudit(trx, actor, sub, 'signed_out_everywhere');
      });
      sessions.forget(); // again, now that the revocation is committed
    },
    checkPassword,
    revokeAllSessions: (sub, options) => refresh.revokeAllOf(options.db, sub),
    forgetSessions: () => sessions.forget(),
    async verifyAccessToken(token) {
      const user = await tokens.verify(token);
      // Signed out, password changed or reset: every token of the session ends with it.
      if (!(await sessions.isAlive(user.sid))) throw unauthorized(SESSION_EXPIRED_MESSAGE, 'SESSION_ENDED');
      return user;
    },
    createUser,
    issueSession,
    findByEmail,
    findById,
    profile,

    async markEmailVerified(sub, options = {}) {
      await (options.db ?? db)
        .updateTable('users')
        .set({
          email_verified: true,
          // A verified address confirms a pending sign-up (never lifts a forced password change).
          status: sql<UserStatus>`CASE WHEN status = 'UNCONFIRMED' THEN 'CONFIRMED' ELSE status END`,
          updated_at: clock(),
        })
        .where('id', '=', sub)
        .execute();
    },

    async signUp(input) {
      const email = normalize(input.email);
      await refuseCommonPassword(input.password); // before counting a mail that will not be sent
      await countSend('confirm_signup', email);
      return inTransaction(db, async (trx) => {
        const user = await createUser(
          {
            email,
            password: input.password,
            name: input.fullName,
            phone: input.phoneNumber ?? null,
            confirmed: false,
            attributes: {
              setupCompanyName: input.companyName ? { name: input.companyName, address: input.companyAddress ?? null } : null,
              fromURL: input.fromURL ?? null,
            },
          },
          { db: trx },
        );
        const code = await codes.issue(trx, user.id, 'confirm_signup', P.confirmCodeTtlMs);
        await mail.send('confirmation_code', email, { code, name: user.given_name || null }, { db: trx });
        return { sub: user.id, codeDeliveryDestination: maskEmail(email) };
      });
    },

    async confirmRegistration(email, code) {
      email = normalize(email);
      const user = await findByEmail(email);
      if (user && user.status !== 'UNCONFIRMED') throw badRequest(M.alreadyConfirmed, 'ALREADY_CONFIRMED');
      // Outside any transaction: a wrong try must stay counted (and PGlite has one connection).
      await checkCode(user, email, 'confirm_signup', code);
      const confirmed = user!;
      await inTransaction(db, async (trx) => {
        await trx.updateTable('users').set({ status: 'CONFIRMED', email_verified: true, updated_at: clock() }).where('id', '=', confirmed.id).execute();
        await mail.send('welcome', email, { name: confirmed.given_name || null, signInUrl: signInUrl() }, { db: trx });
      });
    },

    async resendCode(email) {
      email = normalize(email);
      await countSend('confirm_signup', email);
      const user = await findByEmail(email);
      // The same answer whether or not an unconfirmed account exists.
      if (!user || user.status !== 'UNCONFIRMED') return;
      await inTransaction(db, async (trx) => {
        const code = await codes.issue(trx, user.id, 'confirm_signup', P.confirmCodeTtlMs);
        await mail.send('confirmation_code', email, { code, name: user.given_name || null }, { db: trx });
      });
    },

    async authenticate(email, password, client = 'local') {
      email = normalize(email);
      // Failures delay this client (all accounts) and this account from this client, never the account
      // for everyone: the owner signing in from elsewhere is not locked out by someone guessing.
      const clientKey = keys.signInClient(client);
      const accountKey = keys.signInAccount(email, client);
      const attemptsExceeded = { message: M.attemptsExceeded, code: 'PASSWORD_ATTEMPTS_EXCEEDED' };
      await limits.check(clientKey, attemptsExceeded);
      await limits.check(accountKey, attemptsExceeded);
      const user = await findByEmail(email);
      // Unknown addresses cost the same scrypt time as known ones.
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !ok) {
        const delays = [await limits.hit(clientKey, RATE_LIMITS.signInClient), await limits.hit(accountKey, RATE_LIMITS.signInAccount)];
        const wait = Math.max(...delays);
        // The failure that starts a delay says so at once.
        if (wait > 0) throw new RateLimitedError(wait, attemptsExceeded.message, attemptsExceeded.code);
        throw unauthorized(M.incorrectCredentials, 'NOT_AUTHORIZED');
      }
      await limits.reset(accountKey);
      if (user.status === 'DISABLED') throw unauthorized(M.disabled, 'USER_DISABLED');
      if (user.status === 'UNCONFIRMED') throw forbidden(M.notConfirmed, 'USER_NOT_CONFIRMED');
      return passwordChallenge(user);
    },

    async forgotPassword(email) {
      email = normalize(email);
      await countSend('reset_password', email);
      const user = await findByEmail(email);
      if (!user || user.status === 'DISABLED') return; // the same answer for unknown addresses
      await inTransaction(db, async (trx) => {
        const code = await codes.issue(trx, user.id, 'reset_password', P.resetCodeTtlMs);
        await mail.send('reset_code', email, { code, name: user.given_name || null }, { db: trx });
      });
    },

    async confirmPassword(email, code, newPassword) {
      email = normalize(email);
      const user = await findByEmail(email);
      await refuseCommonPassword(newPassword); // before the code is spent
      await checkCode(user?.status === 'DISABLED' ? null : user, email, 'reset_password', code);
      const target = user!;
      const passwordHash = await hashPassword(newPassword);
      await inTransaction(db, async (trx) => {
        // The code came by mail, so the address is proven: a pending account is confirmed too.
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, status: 'CONFIRMED', email_verified: true, updated_at: clock() })
          .where('id', '=', target.id)
          .execute();
        await refresh.revokeAllOf(trx, target.id);
      });
      sessions.forget(); // again, now that the revocation is committed
    },

    async changePassword(sub, oldPassword, newPassword) {
      const user = await findById(sub);
      if (!user) throw unauthorized();
      const key = keys.changePassword(sub);
      if (await throttle.isLocked(key)) throw tooManyRequests(M.attemptsExceeded, 'PASSWORD_ATTEMPTS_EXCEEDED');
      if (!(await verifyPassword(oldPassword, user.password_hash))) {
        await throttle.fail(key, P.signIn);
        throw new HttpError(400, M.incorrectCredentials, 'NOT_AUTHORIZED');
      }
      await refuseCommonPassword(newPassword);
      const passwordHash = await hashPassword(newPassword);
      await inTransaction(db, async (trx) => {
        await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: clock() }).where('id', '=', sub).execute();
        // SPEC §4.2: a password change sends the user to sign in again, everywhere.
        await refresh.revokeAllOf(trx, sub);
      });
      sessions.forget(); // again, now that the revocation is committed
    },

    async completeNewPassword(session, newPassword) {
      await refuseCommonPassword(newPassword); // before the challenge session is spent
      const userId = await codes.takeSession(db, session);
      if (!userId) throw unauthorized(M.sessionInvalid, 'SESSION_INVALID');
      await db
        .updateTable('users')
        // The temporary password came by mail, so the address is proven.
        .set({ password_hash: await hashPassword(newPassword), status: 'CONFIRMED', email_verified: true, updated_at: clock() })
        .where('id', '=', userId)
        .execute();
      return { status: 'ok', ...(await issueSession(userId)) };
    },

    async updateAttributes(sub, changes) {
      const set: Updateable<UsersTable> = {};
      if (changes['custom:hasMigrated'] !== undefined) set.has_migrated = changes['custom:hasMigrated'];
      if (changes['custom:setupCompanyName'] !== undefined) {
        set.setup_company_name = changes['custom:setupCompanyName'] ? JSON.stringify(changes['custom:setupCompanyName']) : null;
      }
      if (changes['custom:fromURL'] !== undefined) set.from_url = changes['custom:fromURL'];
      if (changes.name !== undefined) {
        const { firstName, lastName } = splitFullName(changes.name);
        set.name = changes.name.trim();
        set.given_name = firstName;
        set.family_name = lastName;
      }
      if (changes.phone_number !== undefined) set.phone_number = changes.phone_number;
      if (Object.keys(set).length > 0) {
        await db.updateTable('users').set({ ...set, updated_at: clock() }).where('id', '=', sub).execute();
      }
      return profile(sub);
    },

    async refreshSession(refreshToken) {
      // Not in a transaction: revoking a family on reuse must stick even though the call fails.
      const { userId, familyId } = await refresh.rotate(db, refreshToken);
      const user = await findById(userId);
      if (!user || user.status === 'DISABLED') throw unauthorized(M.refreshInvalid, 'REFRESH_TOKEN_INVALID');
      const current = toProfile(user, await permissionsOf(db, userId));
      const access = await tokens.sign({ sub: userId, email: user.email, sid: familyId });
      const next = await refresh.issue(db, userId, familyId);
      return { tokens: { accessToken: access.token, refreshToken: next, expiresAt: access.expiresAt }, profile: current };
    },

    async signOut({ refreshToken, sid }) {
      if (refreshToken) await refresh.revokeFamilyOf(db, refreshToken);
      if (sid) await refresh.revokeFamily(db, sid);
    },

    async createHandoff(sub, audience) {
      if (audience !== siteOrigin) throw badRequest(M.handoffAudience, 'INVALID_AUDIENCE');
      const user = await findById(sub);
      if (!user || user.status !== 'CONFIRMED') throw unauthorized();
      const key = keys.handoffIssue(sub);
      if (await throttle.isLocked(key)) throw tooManyRequests(M.limitExceeded);
      await throttle.fail(key, P.handoffIssues);
      return handoffs.issue(db, sub, audience);
    },

    async exchangeHandoff({ code, audience, origin, client }) {
      const key = keys.handoffFailure(client);
      if (await throttle.isLocked(key)) throw tooManyRequests(M.limitExceeded);
      const userId = await handoffs.take(db, code, audience);
      // A browser says which page asks: a code presented by another site's page has leaked, and is spent.
      const fromAudience = origin === null || origin === audience;
      const user = userId && fromAudience ? await findById(userId) : null;
      if (!user || user.status !== 'CONFIRMED') {
        await throttle.fail(key, P.handoffFailures);
        throw unauthorized(M.handoffInvalid, 'HANDOFF_INVALID');
      }
      return issueSession(user.id);
    },
  };
}
