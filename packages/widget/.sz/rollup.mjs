import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { gzipSync } from 'node:zlib';
for (const f of process.argv.slice(2)) {
  const b = await rollup({ input: f, plugins: [nodeResolve({ exportConditions: ['@permitdesk/source', 'browser', 'import'], extensions: ['.ts', '.tsx', '.js', '.mjs'] }), esbuild({ target: 'es2022', jsx: 'automatic', jsxImportSource: 'preact' }), terser()] , onwarn(){} });
  const { output } = await b.generate({ format: 'es' });
  const code = output[0].code;
  console.log(f, code.length, gzipSync(code).length);
}
