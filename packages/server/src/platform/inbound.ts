// The platform's events (POST /webhooks/platform/{connectionId}): the HMAC-SHA256 signature over
// timestamp + body with the connection's secret (webhooks/signature.ts, 5-minute window), replay
// protection by event id (a unique row per connection), and a fast answer: the event is stored and
// processed after the answer, idempotently (processed_at), retried with backoff when processing fails.
import { platformEventSchema } from '@permitdesk/core';
import { sql } from 'kysely';
import * as v from 'valibot';
import { inTransaction } from '../db/transaction.js';
import { enqueueJob } from '../jobs/index.js';
import type { AppServices } from '../services.js';
import { verifyWebhookSignature } from '../webhooks/signature.js';
import { toRemoteProject } from './platform-api.js';
import { webhookSecretOf } from './connections.js';
import type { Tx } from '../db/schema.js';

type Services = Pick<AppServices, 'db' | 'clock' | 'secretBox' | 'log'>;

export interface InboundRequest {
  connectionId: string;
  timestamp: string | null;
  signature: string | null;
  body: string;
}

export type InboundAnswer =
  | { status: 202; body: { received: true; duplicate: boolean } }
  | { status: 400 | 401 | 404 | 410; body: { message: string; code: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INBOUND_MESSAGES = {
  unknown: 'No platform connection has this id.',
  revoked: 'This platform connection was disconnected.',
  badSignature: 'The webhook signature is not valid.',
  stale: 'The webhook timestamp is outside the five-minute window.',
  replayed: 'This webhook was already received with this signature.',
  badEvent: 'The webhook body is not a platform event (id, type, data).',
} as const;

export async function receiveEvent(services: Services, request: InboundRequest): Promise<InboundAnswer> {
  if (!UUID.test(request.connectionId)) return { status: 404, body: { message: INBOUND_MESSAGES.unknown, code: 'NOT_FOUND' } };
  const row = await services.db.selectFrom('platform_connections').selectAll().where('id', '=', request.connectionId).executeTakeFirst();
  if (!row) return { status: 404, body: { message: INBOUND_MESSAGES.unknown, code: 'NOT_FOUND' } };
  if (row.status === 'revoked') return { status: 410, body: { message: INBOUND_MESSAGES.revoked, code: 'PLATFORM_REVOKED' } };

  const check = verifyWebhookSignature(webhookSecretOf(services, row), { timestamp: request.timestamp, signature: request.signature, body: request.body }, services.clock());
  if (check === 'invalid') return { status: 401, body: { message: INBOUND_MESSAGES.badSignature, code: 'WEBHOOK_SIGNATURE_INVALID' } };
  if (check === 'stale') return { status: 401, body: { message: INBOUND_MESSAGES.stale, code: 'WEBHOOK_SIGNATURE_STALE' } };

  let event: v.InferOutput<typeof platformEventSchema>;
  try {
    event = v.parse(platformEventSchema, JSON.parse(request.body));
  } catch {
    return { status: 400, body: { message: INBOUND_MESSAGES.badEvent, code: 'VALIDATION_ERROR' } };
  }
  const signature = request.signature ?? '';
  // The event and the job that processes it commit together.
  const inserted = await inTransaction(services.db, async (trx) => {
    const added = await trx
      .insertInto('platform_inbound_events')
      .values({ connection_id: row.id, event_id: event.id, type: event.type, payload: JSON.stringify(event), signature, received_at: services.clock(), next_attempt_at: services.clock() })
      .onConflict((oc) => oc.columns(['connection_id', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (added) await enqueueJob(trx, { kind: 'platform.inbound', payload: { eventRowId: added.id }, key: `platform.inbound:${added.id}`, runAt: services.clock() });
    return added;
  });
  if (inserted) return { status: 202, body: { received: true, duplicate: false } };
  // Seen before: the very same signed request again is a replay; a new signature is the platform's retry.
  const earlier = await services.db.selectFrom('platform_inbound_events').select('signature').where('connection_id', '=', row.id).where('event_id', '=', event.id).executeTakeFirstOrThrow();
  if (earlier.signature === signature) return { status: 401, body: { message: INBOUND_MESSAGES.replayed, code: 'WEBHOOK_REPLAYED' } };
  return { status: 202, body: { received: true, duplicate: true } };
}

const backoffMs = (attempts: number) => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/** Applies one event inside the transaction that marks it processed. */
async function applyEvent(trx: Tx, connectionId: string, type: string, payload: unknown, now: Date): Promise<void> {
  const data = ((payload ?? {}) as { data?: Record<string, unknown> }).data ?? {};
  if (type === 'project.updated' || type === 'project.renamed' || type === 'project.readdressed') {
    const project = toRemoteProject(data.project);
    if (!project.id) throw new Error('project.updated without a project id');
    const address = [project.address.line1, project.address.line2, project.address.city, `${project.address.state} ${project.address.postalCode}`].filter((p) => p && p.trim()).join(', ');
    const links = await trx
      .updateTable('platform_project_links')
      .set({
        platform_project_name: project.name,
        platform_address: address,
        customer_name: project.customer.name || null,
        customer_email: project.customer.email,
        customer_phone: project.customer.phone,
        updated_at: now,
      })
      .where('connection_id', '=', connectionId)
      .where('platform_project_id', '=', project.id)
      .returning('project_id')
      .execute();
    // The PermitDesk project follows the platform's name; its address stays the one permits were filed at.
    for (const link of links) {
      if (project.name) await trx.updateTable('projects').set({ name: project.name.slice(0, 200), updated_at: now }).where('id', '=', link.project_id).execute();
    }
  }
  // Other event types are recorded and acknowledged; nothing else to do with them yet.
}

/** Processes due events (oldest first), each once; SKIP LOCKED lets several workers share the table. */
export async function processInboundEvents(services: Services, limit = 20): Promise<number> {
  let done = 0;
  for (let i = 0; i < limit; i += 1) {
    const worked = await inTransaction(services.db, async (trx) => {
      const now = services.clock();
      const event = await trx
        .selectFrom('platform_inbound_events')
        .select(['id', 'connection_id', 'type', 'payload', 'attempts'])
        .where('processed_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!event) return false;
      try {
        await sql`SAVEPOINT platform_event`.execute(trx);
        await applyEvent(trx, event.connection_id, event.type, event.payload, now);
        await sql`RELEASE SAVEPOINT platform_event`.execute(trx);
        await trx.updateTable('platform_inbound_events').set({ processed_at: now, attempts: event.attempts + 1, last_error: null }).where('id', '=', event.id).execute();
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT platform_event`.execute(trx);
        const attempts = event.attempts + 1;
        await trx
          .updateTable('platform_inbound_events')
          .set({ attempts, last_error: error instanceof Error ? error.message : String(error), next_attempt_at: new Date(now.getTime() + backoffMs(attempts)) })
          .where('id', '=', event.id)
          .execute();
      }
      return true;
    });
    if (!worked) break;
    done += 1;
  }
  return done;
}
