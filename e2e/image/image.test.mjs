// The Docker image without Docker (issue 17): scripts/docker-steps.mjs runs the Dockerfile's own steps (the
// production-dependency deploy, the runtime stage's copies, its CMD and ENV) in a temp folder; the server that
// starts there must be ready, serve the dashboard, the widget and the API from production dependencies alone,
// and stop cleanly on SIGTERM, as `docker stop` would. Plain node:test and fetch.
//   node scripts/pnpm.mjs run build && node scripts/pnpm.mjs run build:server && node --test e2e/image/
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assembleImage, parseDockerfile, startImage } from '../../scripts/docker-steps.mjs';

let app;
let server;

before(async () => {
  app = assembleImage();
  server = await startImage(app);
  const deadline = Date.now() + 180_000;
  for (;;) {
    assert.equal(server.child.exitCode, null, 'the server exited while starting');
    if (await fetch(`${server.base}/readyz`).then((r) => r.ok, () => false)) break;
    assert.ok(Date.now() < deadline, 'the server did not become ready in 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});
after(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  if (app) rmSync(path.dirname(app), { recursive: true, force: true });
});

describe("the Dockerfile's image, assembled without Docker", { timeout: 300_000 }, () => {
  it('reads the Dockerfile: a production-dependency deploy, the runtime copies, one node process as its CMD', () => {
    const { deployRun, copies, cmd, env } = parseDockerfile();
    assert.match(deployRun, /--prod deploy/);
    assert.ok(copies.some((c) => c.to === 'packages/dashboard/dist') && copies.some((c) => c.to === 'packages/widget/dist'));
    assert.deepEqual([cmd[0], cmd.at(-1)], ['node', 'packages/server/dist/main.js']);
    assert.equal(env.NODE_ENV, 'production');
  });

  it("holds the server's production dependencies, not its dev dependencies", () => {
    const modules = path.join(app, 'packages/server/node_modules');
    assert.ok(existsSync(path.join(modules, 'hono')), 'hono (a production dependency) is missing');
    // (tsx stays: the image's CLI scripts, `demo-data` and `operator`, run through it.)
    for (const dev of ['dependency-cruiser', 'csv-parse', 'ical.js']) assert.ok(!existsSync(path.join(modules, dev)), `${dev} (a dev dependency) is in the image`);
  });

  it('is ready, and serves the dashboard, the widget and the API', async () => {
    const health = await fetch(`${server.base}/healthz`);
    assert.equal(health.status, 200);
    const page = await fetch(`${server.base}/sign-in`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    const widget = await fetch(`${server.base}/widget/widget.js`);
    assert.equal(widget.status, 200);
    assert.match(widget.headers.get('content-type') ?? '', /javascript/);
    // The API on the gazetteer and the database: an address suggestion.
    const suggestions = await fetch(`${server.base}/v4/lookup/addresses?q=${encodeURIComponent('350 5th Ave, New York, NY')}&limit=5`);
    assert.equal(suggestions.status, 200);
    assert.ok(JSON.stringify(await suggestions.json()).includes('New York'));
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise((resolve) => server.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
