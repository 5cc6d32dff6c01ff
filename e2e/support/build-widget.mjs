// The widget's bundle for the suites that load it from the server: built once (rollup) unless already in
// packages/widget/dist; E2E_BUILD=1 rebuilds it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../radar/server.mjs';

export function buildWidget() {
  if (existsSync(join(root, 'packages/widget/dist/widget.js')) && process.env.E2E_BUILD !== '1') return;
  const result = spawnSync(process.execPath, [join(root, 'node_modules/rollup/dist/bin/rollup'), '-c', 'packages/widget/rollup.config.mjs'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`widget build failed:\n${result.stdout}\n${result.stderr}`);
}
