#!/usr/bin/env node
// The Dockerfile's steps without Docker (this machine, like CI, runs no containers). Read from the Dockerfile
// itself, so the two cannot drift: the build stage's production-dependency step (its RUN with `deploy`, /deploy
// in a temp folder), then the runtime stage's `COPY --from=build` lines into a temp /app, then its CMD with its
// ENV as the image would start it (PORT, HOST, DATA_DIR and the secrets set for this machine). e2e/image/ checks
// that what starts is ready and serves the dashboard and the widget from production dependencies alone.
//   node scripts/pnpm.mjs run build && node scripts/pnpm.mjs run build:server
//   node scripts/docker-steps.mjs          (assembles the image's /app, starts it, prints its address; Ctrl-C stops it)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The Dockerfile's instructions per stage: continuation lines joined, comments dropped. */
export function parseDockerfile(text = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')) {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'FROM') stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1] ?? '', instructions: [] });
    else stages.at(-1)?.instructions.push({ instruction, args });
  }
  const build = stages.find((stage) => stage.name === 'build');
  const runtime = stages.at(-1);
  if (!build || !runtime || runtime === build) throw new Error('Dockerfile: expected a "build" stage and a runtime stage after it');
  const deployRun = build.instructions.find((step) => step.instruction === 'RUN' && / deploy /.test(step.args));
  if (!deployRun) throw new Error('Dockerfile: the build stage has no RUN with `deploy`');
  const env = {};
  for (const step of runtime.instructions.filter((s) => s.instruction === 'ENV')) {
    for (const [, name, value] of step.args.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
  }
  const copies = runtime.instructions
    .filter((step) => step.instruction === 'COPY' && step.args.startsWith('--from=build '))
    .map((step) => {
      const [from, to] = step.args.replace('--from=build ', '').split(/\s+/);
      return { from, to };
    });
  const cmd = JSON.parse(runtime.instructions.findLast((step) => step.instruction === 'CMD')?.args ?? 'null');
  const workdir = runtime.instructions.findLast((step) => step.instruction === 'WORKDIR')?.args;
  if (!Array.isArray(cmd) || workdir !== '/app') throw new Error('Dockerfile: the runtime stage needs WORKDIR /app and a CMD in JSON form');
  return { deployRun: deployRun.args, env, copies, cmd };
}

/** Builds the image's /app in a temp folder (the repository's builds must exist); answers its path. */
export function assembleImage(dir = mkdtempSync(path.join(os.tmpdir(), 'permitdesk-image-'))) {
  for (const built of ['packages/server/dist/main.js', 'packages/dashboard/dist/index.html', 'packages/widget/dist/widget.js']) {
    if (!existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: node scripts/pnpm.mjs run build && node scripts/pnpm.mjs run build:server`);
  }
  const { deployRun, copies } = parseDockerfile();
  const deploy = path.join(dir, 'deploy');
  const app = path.join(dir, 'app');
  // The build stage's WORKDIR /app is the repository; /deploy is a folder of its own.
  const run = spawnSync('bash', ['-c', deployRun.replaceAll(/(^|\s)\/deploy\b/g, `$1${deploy}`)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the build stage's deploy step failed:\n${run.stderr}`);
  for (const { from, to } of copies) {
    const source = from === '/deploy' || from.startsWith('/deploy/') ? path.join(deploy, from.slice('/deploy'.length)) : path.join(ROOT, from.replace(/^\/app\/?/, ''));
    // Like COPY: links are copied as links, and a destination that is a link is followed.
    const target = path.join(app, to);
    const into = existsSync(target) && lstatSync(target).isSymbolicLink() ? realpathSync(target) : target;
    cpSync(source, into, { recursive: true, verbatimSymlinks: true });
  }
  return app;
}

/** Starts the image's CMD in `app` as a container would: its ENV, then this machine's port, host and data folder. */
export async function startImage(app, extraEnv = {}) {
  const { env, cmd } = parseDockerfile();
  const port = await freePort();
  const dataDir = path.join(path.dirname(app), 'data');
  mkdirSync(dataDir, { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const [command, ...args] = cmd;
  const child = spawn(command === 'node' ? process.execPath : command, args, {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      EMAIL_MX_LOOKUP: 'off',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { base, child };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const app = assembleImage();
  const { base, child } = await startImage(app);
  console.log(`The image's /app is ${app}; starting it at ${base} (Ctrl-C stops it)`);
  process.on('SIGINT', () => child.kill('SIGTERM'));
  child.on('exit', (code) => process.exit(code ?? 0));
}
