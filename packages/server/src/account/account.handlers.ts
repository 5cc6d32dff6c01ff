// Account creation at the end of the sign-up flow (POST /create-user-app) and the e-mail check of a user
// (GET /verify_email/{sub}), catalogue `account` (SPEC §3, §7.3), and the guided tours a user has seen.
import { endpoints, FLOW_MESSAGES, TOUR_IDS, type TourId } from '@permitdesk/core';
import { sql } from 'kysely';
import type { EndpointHandler } from '../http/register.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { isStaff } from '../staff/staff.js';
import { deleteFlow, findFlow, keyMatches } from '../verification/flow-store.js';
import { inTransaction } from '../db/transaction.js';

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
