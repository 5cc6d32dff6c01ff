// Idempotency-Key on creating calls (endpoints marked `idempotent` in core's catalogue): a repeat of a
// key by the same caller for the same method and path within 24 hours gets the first answer (status
// and body) back and creates nothing; the same key with another request → 422; a duplicate that
// arrives while the first is running → 409 IDEMPOTENCY_KEY_IN_USE, and after a replica died between its
// commit and storing the answer (no answer five minutes on) → 409 IDEMPOTENCY_ANSWER_LOST, which says the
// work was done.
//
// Keys live in the database (table idempotency_keys), so they hold across replicas and restarts. The
// key row is written inside the handler's first transaction (db/transaction.ts's inTransaction runs
// claimInTransaction first), so it commits or vanishes with the rows the call creates: after a crash
// either both exist (the retry is answered from the row) or neither (the retry runs afresh). A duplicate on another connection
// waits on the row's unique index until the first commits, then replays it. Handlers that know their
// answer inside the transaction (form submissions) store it there too (answerInTransaction), so even
// an answer lost between the commit and the reply is replayed.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { currentClaim, cutoff, KeyTaken, type Claim } from '../db/idempotency-keys.js';
import type { AppContext } from './context.js';
import { HttpError, toHttpError } from './errors.js';

export const KEY_IN_USE_MESSAGE = 'A request with this Idempotency-Key is still being processed.';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';
export const ANSWER_LOST_MESSAGE =
  'The request with this Idempotency-Key was carried out, but its answer was lost when the server stopped. Look up the result before sending it again with a new key.';
/**
 * A key row with no answer older than this belongs to a call that cannot still be running (requests end
 * within the drain's deadline): its work committed, its replica died before storing the answer.
 */
export const IN_FLIGHT_LIMIT_MS = 5 * 60 * 1000;
/** Response header of a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';


interface Stored {
  fingerprint: string;
  status: number | null;
  body: string | null;
  content_type: string | null;
  created_at: Date | string;
}

/** Calls running in this process, by key: a duplicate here is told at once (others wait on the index). */
const running = new Set<string>();

const keyInUse = () => new HttpError(409, KEY_IN_USE_MESSAGE, 'IDEMPOTENCY_KEY_IN_USE');
const keyReused = () => new HttpError(422, KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
const answerLost = () => new HttpError(409, ANSWER_LOST_MESSAGE, 'IDEMPOTENCY_ANSWER_LOST');

async function stored(db: Db, claim: Claim): Promise<Stored | undefined> {
  const { rows } = await sql<Stored>`
    SELECT fingerprint, status, body, content_type, created_at FROM idempotency_keys
    WHERE scope = ${claim.scope} AND method = ${claim.method} AND path = ${claim.path} AND key = ${claim.key}
      AND created_at > ${cutoff(claim)}`.execute(db);
  return rows[0];
}

/** The first answer again, or 422 for another request under the same key, or 409 while it runs (or once its answer is lost). */
function replay(row: Stored, claim: Claim): Response {
  if (row.fingerprint !== claim.fingerprint) throw keyReused();
  if (row.status === null) {
    // The key row commits only with the call's work: an old one without an answer is done work whose reply died.
    throw claim.now.getTime() - new Date(row.created_at).getTime() > IN_FLIGHT_LIMIT_MS ? answerLost() : keyInUse();
  }
  return new Response(row.body, {
    status: row.status,
    headers: { 'content-type': row.content_type ?? 'application/json', [REPLAYED_HEADER]: 'true' },
  });
}

/** The answer of a finished call, unless one was stored in its transaction already. */
async function remember(db: Db, claim: Claim, response: Response): Promise<void> {
  const body = await response.clone().text();
  const contentType = response.headers.get('content-type');
  await sql`
    INSERT INTO idempotency_keys (scope, method, path, key, fingerprint, status, body, content_type, created_at)
    VALUES (${claim.scope}, ${claim.method}, ${claim.path}, ${claim.key}, ${claim.fingerprint}, ${response.status}, ${body}, ${contentType}, ${claim.now})
    ON CONFLICT (scope, method, path, key) DO UPDATE
      SET fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body, content_type = excluded.content_type, created_at = excluded.created_at
      WHERE (idempotency_keys.status IS NULL AND idempotency_keys.fingerprint = excluded.fingerprint) OR idempotency_keys.created_at <= ${cutoff(claim)}`.execute(db);
}

let lastPurge = 0;
/** Keys past the window are deleted now and then (at most hourly per process). */
async function purge(db: Db, claim: Claim): Promise<void> {
  if (claim.now.getTime() - lastPurge < 60 * 60 * 1000) return;
  lastPurge = claim.now.getTime();
  await sql`DELETE FROM idempotency_keys WHERE created_at <= ${cutoff(claim)}`.execute(db);
}

/** SHA-256 of what the request asks for besides its path: the query and the body. */
async function fingerprintOf(c: AppContext): Promise<string> {
  const query = new URL(c.req.url).search;
  return createHash('sha256').update(query).update('\n').update(await c.req.text()).digest('hex');
}

/**
 * Runs one creating call under its Idempotency-Key. `scope` names the caller ('user:{id}' or
 * 'client:{address}'); `run` answers the call. Refusals (4xx) are remembered like successes; a
 * failure of ours (5xx) is not, so the key stays usable (or, if the transaction committed, in use).
 */
export async function withIdempotency(c: AppContext, scope: string, key: string, run: () => Promise<Response>): Promise<Response> {
  const { db, clock } = c.get('services');
  const claim: Claim = { scope, method: c.req.method, path: c.req.path, key, fingerprint: await fingerprintOf(c), now: clock(), written: false };
  const previous = await stored(db, claim);
  if (previous) return replay(previous, claim);

  const id = JSON.stringify([scope, claim.method, claim.path, key]);
  if (running.has(id)) throw keyInUse();
  running.add(id);
  try {
    let response: Response;
    /** The call ended normally with its answer stored in the transaction that committed its work. */
    let storedWithWork = false;
    try {
      response = await currentClaim.run(claim, run);
      storedWithWork = claim.answered === true;
    } catch (error) {
      if (error instanceof KeyTaken) {
        const first = await stored(db, claim);
        if (first) return replay(first, claim);
        throw keyInUse();
      }
      const known = toHttpError(error);
      if (!known) throw error;
      response = c.json(known.toJSON(), known.status);
    }
    // An answer stored with the work is final: remember() would change nothing (issue 17: a statement less).
    if (!storedWithWork) await remember(db, claim, response);
    await purge(db, claim);
    return response;
  } finally {
    running.delete(id);
  }
}
