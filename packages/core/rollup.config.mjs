// @permitdesk/core's build (imported by the root rollup.config.mjs), two entries compiled by esbuild,
// each with its bundled type declarations (rollup-plugin-dts):
//  - dist/index.js   the contract (schemas, catalogue, rules, messages); imports only valibot.
//  - dist/client.js  the browser client (ky client, session store); imports ky, zustand, valibot and
//                    the contract as the package '@permitdesk/core', so an app holds one copy of it.
// The libraries stay imports: the apps that use core bring them once.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** The only packages core may import at run time. */
export const runtimeDependencies = ['valibot', 'ky', 'zustand'];
const isDependency = (id) => runtimeDependencies.some((name) => id === name || id.startsWith(`${name}/`));

const contractInput = here('./src/index.ts');
const clientInput = here('./src/client/index.ts');
const clientDir = dirname(clientInput);

const isInside = (dir, file) => {
  const path = relative(dir, file);
  return path !== '' && !path.startsWith('..') && !path.startsWith(sep);
};

/** The client's relative imports of contract files become imports of the package '@permitdesk/core'. */
const contractAsPackage = () => ({
  name: 'permitdesk-contract-as-package',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.') || !isInside(clientDir, importer)) return null;
    return isInside(clientDir, resolve(dirname(importer), source)) ? null : { id: '@permitdesk/core', external: true };
  },
});

const compile = () => esbuild({ target: 'es2022', tsconfig: here('./tsconfig.json') });
const declarations = () =>
  dts({ tsconfig: here('./tsconfig.json'), compilerOptions: { composite: false, declarationMap: false } });

/** The contract's JavaScript build (also used by core's build test). */
export const coreJs = {
  input: contractInput,
  external: isDependency,
  output: { dir: here('./dist'), format: 'es', entryFileNames: 'index.js', sourcemap: true },
  plugins: [compile()],
};

/** The client's JavaScript build (also used by core's build test). */
export const clientJs = {
  input: clientInput,
  external: isDependency,
  output: { dir: here('./dist'), format: 'es', entryFileNames: 'client.js', sourcemap: true },
  plugins: [contractAsPackage(), compile()],
};

const coreTypes = {
  input: contractInput,
  external: isDependency,
  output: { file: here('./dist/index.d.ts'), format: 'es' },
  plugins: [declarations()],
};

const clientTypes = {
  input: clientInput,
  external: isDependency,
  output: { file: here('./dist/client.d.ts'), format: 'es' },
  plugins: [contractAsPackage(), declarations()],
};

export default [coreJs, clientJs, coreTypes, clientTypes];
