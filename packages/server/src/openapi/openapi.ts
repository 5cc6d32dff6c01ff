// /openapi.json, generated from the endpoints this server registered (every one an entry of core's
// catalogue): paths, methods, path and query parameters, bodies, responses and bearer security.
import { toJsonSchema } from '@valibot/to-json-schema';
import { apiErrorSchema, endpoints, PAGINATION_HEADERS, type EndpointDef } from '@permitdesk/core';
import * as v from 'valibot';

type Json = Record<string, unknown>;

/** 'identity.signUp' for each catalogue entry (nested groups joined with dots). */
function catalogueIds(): Map<EndpointDef, string> {
  const ids = new Map<EndpointDef, string>();
  const walk = (node: unknown, prefix: string) => {
    if (!node || typeof node !== 'object') return;
    const candidate = node as Partial<EndpointDef>;
    if (typeof candidate.method === 'string' && typeof candidate.path === 'string') {
      ids.set(node as EndpointDef, prefix);
      return;
    }
    for (const [key, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${key}` : key);
  };
  walk(endpoints, '');
  return ids;
}

const schemaOf = (schema: v.GenericSchema, typeMode: 'input' | 'output'): Json =>
  toJsonSchema(schema, { target: 'openapi-3.0', errorMode: 'ignore', typeMode }) as Json;

/** The properties of an object schema as OpenAPI parameters. */
function parameters(schema: v.GenericSchema | undefined, where: 'path' | 'query' | 'header'): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } });

export function buildOpenApi(registered: readonly EndpointDef[], info: { title: string; version: string; serverUrl: string }): Json {
  const ids = catalogueIds();
  const paths: Record<string, Record<string, Json>> = {};
  for (const def of registered) {
    const responseSchema = def.paging === 'headers' ? v.array(def.response) : def.response;
    const operation: Json = {
      operationId: ids.get(def) ?? `${def.method.toLowerCase()} ${def.path}`,
      summary: def.summary,
      tags: [(ids.get(def) ?? def.path.split('/')[1] ?? 'api').split('.')[0]],
      parameters: [...parameters(def.params, 'path'), ...parameters(def.query, 'query'), ...parameters(def.headers, 'header')],
      ...(def.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(def.body, 'input') } } } } : {}),
      responses: {
        200: {
          description: 'Success',
          ...(def.paging === 'headers'
            ? { headers: Object.fromEntries(Object.values(PAGINATION_HEADERS).map((name) => [name, { schema: { type: 'integer' } }])) }
            : {}),
          content: { 'application/json': { schema: schemaOf(responseSchema, 'output') } },
        },
        400: errorResponse('Invalid request: the first message of the validation'),
        ...(def.auth === 'bearer' ? { 401: errorResponse('Missing, invalid or expired access token'), 403: errorResponse('Not allowed') } : {}),
        default: errorResponse('Error'),
      },
      ...(def.auth === 'bearer' ? { security: [{ bearer: [] }] } : { security: [] }),
    };
    const path = (paths[def.path] ??= {});
    path[def.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: { title: info.title, version: info.version },
    servers: [{ url: info.serverUrl }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: schemaOf(apiErrorSchema, 'output') },
    },
  };
}
