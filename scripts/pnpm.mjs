#!/usr/bin/env node
// Runs the pnpm version pinned in package.json's "packageManager" through npx, so a fresh machine
// needs nothing but Node and npm. Usage: node scripts/pnpm.mjs <pnpm arguments...>
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { packageManager } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const result = spawnSync('npx', ['--yes', packageManager, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, npm_config_update_notifier: 'false' },
});
process.exit(result.status ?? 1);
