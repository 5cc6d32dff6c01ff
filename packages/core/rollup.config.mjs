// @permitdesk/core's build (imported by the root rollup.config.mjs): dist/index.js, one ES module
// compiled by esbuild, and dist/index.d.ts, the bundled type declarations (rollup-plugin-dts).
// valibot, ky and zustand stay imports: the apps that use core bring them once.
import { fileURLToPath } from 'node:url';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The only packages core may import at run time. */
export const runtimeDependencies = ['valibot', 'ky', 'zustand'];
const external = (id) => runtimeDependencies.some((name) => id === name || id.startsWith(`${name}/`));

const input = here('./src/index.ts');

/** The JavaScript build (also used by core's build test). */
export const coreJs = {
  input,
  external,
  output: { dir: here('./dist'), format: 'es', entryFileNames: 'index.js', sourcemap: true },
  plugins: [esbuild({ target: 'es2022', tsconfig: here('./tsconfig.json') })],
};

export const coreTypes = {
  input,
  external,
  output: { file: here('./dist/index.d.ts'), format: 'es' },
  plugins: [dts({ tsconfig: here('./tsconfig.json'), compilerOptions: { composite: false, declarationMap: false } })],
};

export default [coreJs, coreTypes];
