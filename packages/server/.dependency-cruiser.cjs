// The server's module rules (issue 11), checked by src/architecture.test.ts in every test run; by hand:
//   cd packages/server && npx depcruise src --config .dependency-cruiser.cjs
//
// 1. no-circular: no import circle between source files (type-only imports count: they tie modules too).
// 2. layers: a module imports only modules in layers below its own (never a sibling of its layer, never
//    one above), so no two feature folders can import each other. The *.routes.ts / *.handlers.ts
//    wiring of a folder follows its folder's layer, and may also use the HTTP layer (http/, services.ts).
// 3. hono-only-in-http: only http/ and the wiring (routes, handlers, app.ts, main.ts, bootstrap.ts) know Hono.

/** A folder of src/, or a single file when the name ends in .ts. */
const modulePath = (name) => (name.endsWith('.ts') ? `^src/${name.replace(/\./g, '\\.')}$` : `^src/${name}/`);

// Bottom to top. Modules on one line form one layer and may not import each other.
const LAYERS = [
  // What every module uses: settings, errors and the logger (http/errors.ts and http/logger.ts know no Hono).
  ['config.ts', 'http/errors.ts', 'http/logger.ts'],
  // The data layer, and how row values become API values (rows/).
  ['db', 'rows'],
  // ops/: the replica's lifecycle (drain, shutdown hooks), its metrics and the current request's context.
  ['ops'],
  // Infrastructure services and plain facts, each on the database alone.
  ['geo', 'storage', 'mail', 'rate-limits', 'policies', 'staff', 'audit'],
  // jobs/: the durable job queue (enqueueJob, the runner), on the database alone; its wiring asks staff/.
  ['jobs'],
  // funnel/: the widget's tracked workflow steps (issue 18), on the database alone; its handlers ask staff/.
  ['funnel'],
  ['companies'],
  ['identity'],
  // team/: who is on the permit team, each change an audit entry (the CLI in operator/ and the UI use it).
  ['verification', 'team'],
  // webhooks/: outbound webhooks on jobs/ (emitEvent is called by the areas above; services.ts registers the delivery).
  ['webhooks'],
  // The composition root: builds every service above once (AppServices).
  ['services.ts'],
  ['lookups', 'reference'],
  // The permits family: permits/ is its base.
  ['permits'],
  // esign/: e-signature envelopes on permits/ and companies/; operator/ asks it whether a cancellation is signed.
  ['esign'],
  ['compliance', 'operator'],
  // documents/ serves the document calls over permits/ and compliance/ (neither imports the other).
  // activity/ serves the audit trail's reads over permits/ (access) and companies/ (the owner's trail).
  ['projects', 'integrations', 'documents', 'activity'],
  // exports/ streams the radar (projects/) and the vault (compliance/) as CSV, with their access rules.
  ['forms', 'exports'],
  ['invitations'],
  ['vendors'],
  ['account'],
  // platform/: the construction platform (issue 14) on projects/, permits/ and companies/.
  ['platform'],
];

/** The HTTP layer on top: the only place that knows Hono, with the app's wiring and the CLI. */
const HTTP_LAYER = ['^src/http/', '^src/openapi/', '^src/cli/', '^src/(app|routes|bootstrap|main)\\.ts$'];
const BASE_HTTP_FILES = '^src/http/(errors|logger)\\.ts$';
const WIRING = '\\.(routes|handlers)\\.ts$';
/** What a folder's wiring may use besides the layers below it. */
const WIRING_MAY_USE = ['^src/http/', '^src/services\\.ts$'];

const either = (patterns) => patterns.join('|');

function layerRules() {
  return LAYERS.flatMap((layer, index) =>
    layer.map((name) => {
      const own = modulePath(name);
      const sameOrHigher = [...LAYERS.slice(index).flat().filter((other) => other !== name).map(modulePath), ...HTTP_LAYER];
      return {
        name: 'layers',
        comment: `${name} (layer ${index + 1}) may import only the layers below it; its wiring also http/ and services.ts`,
        severity: 'error',
        from: { path: own },
        to: {
          path: either(sameOrHigher),
          // http/errors.ts and http/logger.ts sit in the bottom layer; the wiring may use the HTTP layer.
          pathNot: `${BASE_HTTP_FILES}|${own}`,
        },
      };
    }),
  ).flatMap((rule) => [
    { ...rule, from: { ...rule.from, pathNot: WIRING } },
    { ...rule, from: { path: `(${rule.from.path}).*${WIRING}` }, to: { ...rule.to, pathNot: `${rule.to.pathNot}|${either(WIRING_MAY_USE)}` } },
  ]);
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle ties modules into one: move the shared part down, or invert the dependency.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules(),
    {
      name: 'hono-only-in-http',
      comment: 'Domain modules know no HTTP framework: only http/ and the wiring import hono.',
      severity: 'error',
      from: { pathNot: either(['^src/http/', WIRING, '^src/(app|main|bootstrap)\\.ts$']) },
      // Resolved into node_modules, or left as written when a subpath export does not resolve.
      to: { path: '(^|/)node_modules/(hono|@hono/[^/]+)/|^(hono|@hono/[^/]+)(/|$)' },
    },
  ],
  options: {
    // Source files only: tests, the test harness and test fixtures may reach anywhere.
    exclude: { path: ['\\.test\\.ts$', '^src/test/', '^src/security/', 'test-fixtures\\.ts$'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
