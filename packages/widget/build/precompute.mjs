// Rollup plugin: replaces a module by the JSON of its exports, evaluated at build time (bundled with
// esbuild from the workspace sources and imported in Node). For values derived from core by core's own
// functions that a chunk needs but whose code it should not carry (src/modal/initial-screen.ts).
import { build } from 'esbuild';

async function evaluate(file) {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    format: 'esm',
    platform: 'node',
    conditions: ['@permitdesk/source'],
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

export function precompute({ modules }) {
  return {
    name: 'permitdesk-precompute',
    async load(id) {
      if (!modules.includes(id)) return null;
      const exports = await evaluate(id);
      const lines = Object.entries(exports).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`);
      return { code: lines.join('\n'), moduleSideEffects: false };
    },
  };
}
