// The platform's REST API (the fake platform's shape; another platform gets its adapter here): the account,
// its projects, documents created in a project, and the registration of our webhook with its secret.
import type { PlatformProject } from '@permitdesk/core';
import type { PlatformSettings } from './settings.js';

/** The platform answered with an error status (or not at all: status null). */
export class PlatformApiError extends Error {
  override name = 'PlatformApiError';
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export type RemoteProject = Omit<PlatformProject, 'linkedProjectId'>;

export interface PlatformApi {
  me(): Promise<{ accountId: string; accountName: string }>;
  projects(): Promise<RemoteProject[]>;
  project(id: string): Promise<RemoteProject | null>;
  createDocument(projectId: string, doc: { title: string; kind: string; externalId: string; body: unknown }): Promise<{ id: string }>;
  registerWebhook(url: string, secret: string): Promise<void>;
  unregisterWebhook(url: string): Promise<void>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));
const nullableText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The platform's project JSON as ours (unknown fields ignored, missing ones empty). */
export function toRemoteProject(raw: unknown): RemoteProject {
  const p = (raw ?? {}) as Record<string, unknown>;
  const a = (p.address ?? {}) as Record<string, unknown>;
  const c = (p.customer ?? {}) as Record<string, unknown>;
  return {
    id: text(p.id),
    name: text(p.name),
    address: { line1: text(a.line1), line2: nullableText(a.line2), city: text(a.city), state: text(a.state).toUpperCase(), postalCode: text(a.postalCode) },
    customer: { name: text(c.name), email: nullableText(c.email), phone: nullableText(c.phone) },
  };
}

export function createPlatformApi(settings: PlatformSettings, accessToken: string, fetcher: typeof fetch = fetch): PlatformApi {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetcher(`${settings.apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PlatformApiError(null, `The platform did not answer (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (response.status === 404 && method === 'GET') return null;
    if (!response.ok) throw new PlatformApiError(response.status, `The platform answered ${response.status} to ${method} ${path}.`);
    const answer = await response.text();
    return answer ? (JSON.parse(answer) as unknown) : null;
  }

  return {
    async me() {
      const raw = ((await call('GET', '/me')) ?? {}) as { account?: { id?: unknown; name?: unknown } };
      return { accountId: text(raw.account?.id), accountName: text(raw.account?.name) };
    },
    async projects() {
      const raw = ((await call('GET', '/projects')) ?? {}) as { projects?: unknown[] };
      return (raw.projects ?? []).map(toRemoteProject);
    },
    async project(id) {
      const raw = await call('GET', `/projects/${encodeURIComponent(id)}`);
      return raw === null ? null : toRemoteProject(raw);
    },
    async createDocument(projectId, doc) {
      const raw = ((await call('POST', `/projects/${encodeURIComponent(projectId)}/documents`, doc)) ?? {}) as { id?: unknown };
      return { id: text(raw.id) };
    },
    async registerWebhook(url, secret) {
      await call('POST', '/webhooks', { url, secret });
    },
    async unregisterWebhook(url) {
      await call('DELETE', '/webhooks', { url });
    },
  };
}
