// bench/address-search.mjs --geocoder census, run as a reader would run it: through the Census adapter on
// the recorded answers of the adapter's own protocol tests (--fixtures: the local fake of
// packages/server/src/test/fake-geocoders.ts; this machine cannot reach census.gov), and its refusal to run,
// with a message saying why, when the Census cannot be reached (the built-in fallback would hide it).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function bench(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const tsx = join(root, 'packages/server/node_modules/.bin/tsx');
  const child = spawn(tsx, ['--conditions=@permitdesk/source', 'bench/address-search.mjs', ...args], { cwd: root, env: { ...process.env, BENCH_VERBOSE: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the address bench through the Census geocoder', () => {
  it('scores the corpus typings the recorded answers hold, each answered by the Census itself', async () => {
    const { code, stdout, stderr } = await bench(['--geocoder', 'census', '--fixtures']);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('Address search on GEOCODER=census (recorded answers from the local fake)');
    // The five typings of the corpus the fixtures hold: Seattle, the Strip (Clark County), Manhattan, West Allis,
    // Cherry Hill (the township the Census names as the county subdivision).
    expect(stdout).toMatch(/^all +5 +100\.0% +100\.0% +100\.0% +100\.0%$/m);
    expect(stdout).toMatch(/^category unincorporated +1 +100\.0% +100\.0%/m);
    expect(stdout).toMatch(/^category township +1 +100\.0% +100\.0%/m);
    expect(stdout).toContain('First suggestion from the Census: 5 of 5 typings');
    expect(stdout).not.toContain('miss [');
  }, 240_000);

  it('stops before scoring, with a message saying why, when the Census cannot be reached', async () => {
    const port = await freePort(); // nothing listens there: the connection is refused
    const { code, stdout, stderr } = await bench(['--geocoder', 'census', '--census-url', `http://127.0.0.1:${port}`]);
    expect(code).toBe(1);
    expect(stderr).toContain(`the Census geocoder at http://127.0.0.1:${port} cannot be reached (ECONNREFUSED)`);
    expect(stderr).toContain('pass --fixtures');
    expect(stdout).toBe('');
  }, 60_000);

  it('refuses options that do not go together', async () => {
    const { code, stderr } = await bench(['--fixtures']);
    expect(code).toBe(2);
    expect(stderr).toContain('--census-url and --fixtures go with --geocoder census');
  }, 60_000);
});
