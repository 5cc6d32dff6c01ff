// createEndpointClient: the endpoints of a tree as typed functions, grouped as in the tree, all sent
// through one ky instance (extended per host with its prefix). Each call takes its caller's `{ signal }`
// (handed to ky): a caller cancels only its own requests, never another caller's. It does not import
// the catalogue, so a bundle that needs only a few areas (the widget) ships only those; createApiClient
// passes the whole catalogue.
import ky, { type KyInstance } from 'ky';
import type { EndpointDef } from '../api/endpoint.js';
import { COOKIE_SESSION_MODE, SESSION_MODE_HEADER } from '../api/session-mode.js';
import { DEFAULT_AREA_HOSTS, resolveHosts, type HostName } from './hosts.js';
import { endpointCaller } from './request.js';
import type { ApiClientConfig, ApiClientOf, EndpointTree } from './types.js';

const isEndpoint = (value: EndpointDef | EndpointTree): value is EndpointDef =>
  typeof (value as EndpointDef).method === 'string' && typeof (value as EndpointDef).path === 'string';

/** The one ky instance: no retries (writes must not repeat), the bearer token and JSON headers. */
function createHttp(config: ApiClientConfig): KyInstance {
  return ky.create({
    retry: 0,
    timeout: config.timeoutMs ?? 30_000,
    ...(config.fetch ? { fetch: config.fetch } : {}),
    headers: { accept: 'application/json', ...(config.cookieSession ? { [SESSION_MODE_HEADER]: COOKIE_SESSION_MODE } : {}) },
    hooks: {
      beforeRequest: [
        (request, options) => {
          const token = options.context.token;
          if (typeof token === 'string' && token !== '') {
            request.headers.set('authorization', `Bearer ${token}`);
            request.headers.set('content-type', 'application/json');
          }
        },
      ],
    },
  });
}

export function createEndpointClient<T extends EndpointTree>(config: ApiClientConfig, endpoints: T): ApiClientOf<T>;
export function createEndpointClient(config: ApiClientConfig, endpoints: EndpointTree): unknown {
  const hosts = resolveHosts(config);
  const http = createHttp(config);
  const byHost = new Map<HostName, KyInstance>();
  const hostFor = (name: HostName): KyInstance => {
    let instance = byHost.get(name);
    if (!instance) {
      instance = http.extend({ prefixUrl: hosts[name] });
      byHost.set(name, instance);
    }
    return instance;
  };
  const areaHosts: Partial<Record<string, HostName>> = { ...DEFAULT_AREA_HOSTS, ...config.areaHosts };

  // Hooks are read at call time, so a caller may rewire them after creation.
  const hooks = {
    getToken: () => config.getToken?.(),
    isExpired: () => config.isExpired?.() ?? false,
    onExpired: () => config.onExpired?.(),
    onError: (message: string, error: unknown) => config.onError?.(message, error),
  };

  const build = (tree: EndpointTree, host: HostName, prefix: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(tree)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (isEndpoint(value)) {
        out[key] = endpointCaller(value, hostFor(host), hooks);
      } else {
        out[key] = build(value, prefix ? host : (areaHosts[key] ?? 'api'), name);
      }
    }
    return out;
  };
  return build(endpoints, 'api', '');
}
