// Builds the server to JavaScript for production: every module of src/ (tests and test helpers left out)
// transpiled by esbuild to dist/ at the same relative place, ESM for Node 20, with source maps. Not a
// bundle: the files keep their places, so paths resolved from import.meta.url (migrations/, policies/,
// the repository root) stay right, the AWS SDK stays lazily loaded, and node_modules are used as
// installed. @permitdesk/core resolves to its built dist (npm run build:libs builds it first).
// Run: node build.mjs (from packages/server), or `npm run build:server` from the root.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(here, 'src');
const out = path.join(here, 'dist');

/** Production sources: *.ts under src/, without tests (*.test.ts) and the test harness (src/test/). */
export function productionSources(dir = src) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .filter((file) => !path.relative(src, file).split(path.sep).includes('test'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(out, { recursive: true, force: true });
  const entryPoints = productionSources();
  await build({
    entryPoints,
    outdir: out,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    bundle: false,
    logLevel: 'warning',
  });
  console.log(`server: ${entryPoints.length} modules built into ${path.relative(process.cwd(), out) || 'dist'} (run: node --enable-source-maps dist/main.js)`);
}
