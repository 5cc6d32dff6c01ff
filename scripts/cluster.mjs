#!/usr/bin/env node
// The production arrangement on one machine: two replicas of the built server (packages/server/dist,
// one `node` process each) on one PostgreSQL database (created fresh from DATABASE_URL), s3rver as
// the S3 store, a small SMTP sink that records every mail, and Debian's nginx in front (its config
// written to a temp folder, run as a foreground child). e2e/cluster/ runs against it.
//   node scripts/pnpm.mjs run build:libs && node scripts/pnpm.mjs run build:server
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/cluster.mjs   (Ctrl-C stops it all)
// Needs: nginx on PATH (apt-get install -y nginx), PostgreSQL at DATABASE_URL.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

export { freePort };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRequire = createRequire(path.join(ROOT, 'packages/server/package.json'));
const BUCKET = 'permitdesk';

/**
 * The node options production runs the server with: those of the root package.json's start:prod
 * (`node --enable-source-maps --max-semi-space-size=… packages/server/dist/main.js`, the same as the
 * Dockerfile's CMD), so the cluster and bench/memory.mjs measure what operators run.
 */
export function productionNodeOptions() {
  const script = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['start:prod'];
  const words = script.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'packages/server/dist/main.js') throw new Error(`start:prod is not \`node [options] packages/server/dist/main.js\`: ${script}`);
  return words.slice(1, -1);
}

/** A minimal SMTP server (RFC 5321's happy path) that keeps every message: the mail catcher of the cluster. */
export function startSmtpSink(port) {
  const messages = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let envelope = { from: '', to: [] };
    socket.setEncoding('utf8');
    socket.write('220 permitdesk-cluster ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ ...envelope, raw, header: (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw)?.[1]?.trim() });
          envelope = { from: '', to: [] };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-permitdesk-cluster\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') (envelope.from = line), socket.write('250 OK\r\n');
        else if (verb === 'RCPT') envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? line), socket.write('250 OK\r\n');
        else if (verb === 'DATA') (inData = true), socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n'); // RSET, NOOP
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ messages, close: () => new Promise((r) => server.close(() => r())) })));
}

function nginxConfig(dir, listen, upstreams) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 60m;
  upstream permitdesk {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://permitdesk;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A dead or draining replica: the request goes to the next one (never twice for a POST the
      # replica may have run; clients retry those with their Idempotency-Key).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

async function waitFor(url, child, what, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
}

/** Starts the whole arrangement; `stop()` ends every child and drops the database. */
export async function startCluster(options = {}) {
  const adminUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('scripts/cluster.mjs needs DATABASE_URL (a PostgreSQL it may create a database on)');
  const entry = path.join(ROOT, 'packages/server/dist/main.js');
  if (!existsSync(entry)) throw new Error('packages/server/dist/main.js is missing: run `node scripts/pnpm.mjs run build:libs && node scripts/pnpm.mjs run build:server` first');
  if (spawnSync('nginx', ['-v']).error) throw new Error('nginx is not installed: apt-get install -y nginx');
  const replicaCount = options.replicas ?? 2;
  const log = options.log ?? ((line) => console.log(`[cluster] ${line}`));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'permitdesk-cluster-'));
  const cleanups = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log(`cleanup: ${error.message}`));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // A fresh database.
    const pg = serverRequire('pg');
    const name = `permitdesk_cluster_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => db.end());

    // S3 (s3rver) and SMTP (the sink).
    const S3rver = (await import('s3rver')).default;
    const s3Port = await freePort();
    const s3 = new S3rver({ port: s3Port, address: '127.0.0.1', directory: path.join(dir, 's3'), silent: true, configureBuckets: [{ name: BUCKET }] });
    await s3.run();
    cleanups.push(() => s3.close());
    const smtpPort = await freePort();
    const smtp = await startSmtpSink(smtpPort);
    cleanups.push(() => smtp.close());

    // nginx in front.
    const proxyPort = await freePort();
    const ports = await Promise.all(Array.from({ length: replicaCount }, () => freePort()));
    const url = `http://127.0.0.1:${proxyPort}`;
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub), { recursive: true });
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, proxyPort, ports));

    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // nginx is one hop; the test client sends X-Forwarded-For as a second (a load balancer in front of nginx).
      TRUST_PROXY: '2',
      EMAIL_MX_LOOKUP: 'off',
      LOG_LEVEL: options.logLevel ?? 'warn',
      SHUTDOWN_DRAIN_MS: '10000',
      METRICS_TOKEN: options.metricsToken ?? randomBytes(16).toString('hex'),
      DEMO_DATA_PROJECTS: '',
    };
    const replicas = [];
    const startReplica = async (index) => {
      const port = ports[index];
      const child = spawn(process.execPath, [...productionNodeOptions(), entry], {
        cwd: path.join(ROOT, 'packages/server'),
        env: { ...env, PORT: String(port), DATA_DIR: path.join(dir, `replica-${index}`) },
        stdio: ['ignore', options.inheritOutput ? 'inherit' : 'ignore', 'inherit'],
      });
      const replica = { index, port, url: `http://127.0.0.1:${port}`, child };
      replicas[index] = replica;
      cleanups.push(async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await new Promise((resolve) => child.once('exit', resolve));
        }
      });
      await waitFor(`${replica.url}/readyz`, child, `replica ${index}`);
      log(`replica ${index} ready on ${replica.url} (pid ${child.pid})`);
      return replica;
    };
    // One after the other: the first migrates and seeds, the next finds it done.
    for (let i = 0; i < replicaCount; i += 1) await startReplica(i);

    const nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    cleanups.push(async () => {
      if (nginx.exitCode === null) {
        nginx.kill('SIGQUIT');
        await new Promise((resolve) => nginx.once('exit', resolve));
      }
    });
    await waitFor(`${url}/readyz`, nginx, 'nginx');
    log(`nginx on ${url} in front of ${replicas.map((r) => r.port).join(', ')}; S3 on ${s3Port}; SMTP on ${smtpPort}; database ${name}`);
    return { url, replicas, db, mails: smtp.messages, env, stop, dir };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster({ inheritOutput: true, logLevel: 'info' });
  console.log(`PermitDesk cluster on ${cluster.url} (Ctrl-C to stop)`);
  const shutdown = () => cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
