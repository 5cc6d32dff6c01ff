// Account creation at the end of the sign-up flow (POST /create-user-app) and the e-mail check of a user
// (GET /verify_email/{sub}), catalogue `account` (SPEC §3, §7.3), and the guided tours a user has seen.
import { endpoints, FLOW_MESSAGES, TOUR_IDS, type TourId } from '@permitdesk/core';
import { sql } from 'kysely';
import type { EndpointHandler } from '../http/register.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { isStaff } from '../staff/staff.js';
import { deleteFlow, findFlow, keyMatches } from '../verification/flow-store.js';
import { inTransaction } from '../db/transaction.js';
import { auditActor } from '../http/audit-actor.js';
import type { AppContext } from '../http/context.js';
import { clearSessionCookie, wantsCookieSession } from '../http/session-cookie.js';
import type { AuthUser } from '../identity/user.js';
import { iso } from '../rows/values.js';
import { deleteAccount, deletionCheck, exportAccount } from './self-service.js';

const E = endpoints.account;

/** Only an address verified through the sign-up flow, proven by the flow's key, may get an account. */
const NOT_VERIFIED = 'Please verify your email before creating the account.';

export const createUserApp: EndpointHandler<typeof E.createUserApp> = async ({ services }, { body }) => {
  const { email } = body;
  if (await services.identity.findByEmail(email)) throw conflict(FLOW_MESSAGES.accountExists, 'ACCOUNT_EXISTS');

  const flow = await findFlow(services.db, email, services.clock());
  const proven = flow !== null && flow.verified_at !== null && (await keyMatches(services.db, flow.id, body.totp));
  if (!flow || !proven) throw forbidden(NOT_VERIFIED, 'EMAIL_NOT_VERIFIED');

  // An empty company name means a do-it-yourselfer: no company (SPEC §6 applicant types).
  const companyName = body.companyName?.trim() || null;

  const user = await inTransaction(services.db, async (trx) => {
    const created = await services.identity.createUser(
      { email, password: body.password, name: body.fullName, phone: body.phoneNumber, confirmed: true },
      { db: trx },
    );
    if (companyName) {
      await services.companies.create(
        { name: companyName, address: body.companyAddress ?? null, fromURL: body.fromURLCreateCompany ?? null },
        created.id,
        { db: trx },
      );
    }
    await services.mail.send('welcome', email, { name: created.given_name || null, signInUrl: `${services.config.PUBLIC_URL}/sign-in` }, { db: trx });
    // The flow did its job: its record (address, name, phone...) is not kept once the account exists.
    await deleteFlow(trx, flow.id);
    return created;
  });
  return { id: user.id, emailAddress: user.email };
};

export const verifyEmail: EndpointHandler<typeof E.verifyEmail> = async ({ services, user }, { params: { sub } }) => {
  // The user themselves, or the permit team (operators).
  if (user.sub !== sub && !(await isStaff(services.db, user.sub))) throw forbidden();
  const target = await services.identity.findById(sub);
  if (!target) throw notFound('User not found.', 'USER_NOT_FOUND');
  return { sub, emailVerified: target.email_verified };
};

const seenTours = (row: { tours_seen: string[] } | undefined) => ({ seen: (row?.tours_seen ?? []).filter((id): id is TourId => (TOUR_IDS as readonly string[]).includes(id)) });

export const toursSeen: EndpointHandler<typeof E.toursSeen> = async ({ services, user }) =>
  seenTours(await services.db.selectFrom('users').select('tours_seen').where('id', '=', user.sub).executeTakeFirst());

/** Adds the tour once (array_append only when absent), so two tabs marking it at once keep one entry. */
export const markTourSeen: EndpointHandler<typeof E.markTourSeen> = async ({ services, user }, { params }) => {
  const row = await services.db
    .updateTable('users')
    .set({ tours_seen: sql<string[]>`CASE WHEN ${params.tourId} = ANY(tours_seen) THEN tours_seen ELSE array_append(tours_seen, ${params.tourId}::text) END` })
    .where('id', '=', user.sub)
    .returning('tours_seen')
    .executeTakeFirst();
  return seenTours(row);
};

/** Settings' 'Show the guided tours again': each tour starts by itself once more, on its page's next visit. */
export const resetTours: EndpointHandler<typeof E.resetTours> = async ({ services, user }) => {
  await services.db.updateTable('users').set({ tours_seen: [] }).where('id', '=', user.sub).execute();
  return { seen: [] };
};

// ---- account self-service (issue 18): two-step sign-in, sign out everywhere, export, deletion ----
const actorOf = (ctx: AppContext, user: AuthUser) => auditActor(ctx, user, 'customer');

export const twoFactorStatus: EndpointHandler<typeof E.twoFactorStatus> = async ({ services, user }) => {
  const status = await services.identity.twoFactorStatus(user.sub);
  return { ...status, enabledAt: status.enabledAt ? iso(status.enabledAt) : null };
};

export const startTwoFactor: EndpointHandler<typeof E.startTwoFactor> = ({ services, user, c }) => services.identity.startTwoFactor(user.sub, actorOf(c, user));

export const confirmTwoFactor: EndpointHandler<typeof E.confirmTwoFactor> = async ({ services, user, c }, { body }) => ({
  recoveryCodes: await services.identity.confirmTwoFactor(user.sub, body.code, actorOf(c, user)),
});

export const disableTwoFactor: EndpointHandler<typeof E.disableTwoFactor> = async ({ services, user, c }, { body }) => {
  await services.identity.disableTwoFactor(user.sub, body.password, body.code, actorOf(c, user));
  return { ok: true } as const;
};

/** Every refresh token family of the user is revoked; their access tokens stop at once (the session check of each request). */
export const signOutEverywhere: EndpointHandler<typeof E.signOutEverywhere> = async ({ services, user, c }) => {
  await services.identity.signOutEverywhere(user.sub, actorOf(c, user));
  if (wantsCookieSession(c)) clearSessionCookie(c);
  return { ok: true } as const;
};

export const exportData: EndpointHandler<typeof E.exportData> = async ({ services, user, c }) => {
  c.header('Content-Disposition', 'attachment; filename="permitdesk-account.json"');
  return exportAccount(services, user.sub, actorOf(c, user));
};

export const deletionStatus: EndpointHandler<typeof E.deletionCheck> = ({ services, user }) => deletionCheck(services.db, user.sub);

export const deleteMyAccount: EndpointHandler<typeof E.deleteAccount> = async ({ services, user, c }, { body }) => {
  await deleteAccount(services, user.sub, body.password, actorOf(c, user));
  if (wantsCookieSession(c)) clearSessionCookie(c);
  return { ok: true } as const;
};
