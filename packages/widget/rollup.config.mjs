// The widget's builds (imported by the root rollup.config.mjs):
//  - dist/widget.js   the script-tag loader (IIFE): <permit-lookup>, the PermitDesk global and its queue.
//                     No preact: the modal is fetched from esm/modal.js (same origin) when first needed.
//  - dist/esm/        ES modules, code-split: index.js (mount(), commands, form engine), modal.js (the
//                     first view: shell + address step + preact/compat), chunks/ for later steps, the
//                     form engine and the maps.
//  - dist/index.d.ts  types of the ESM entry.
//  - dist/esm/react.js, dist/react.d.ts  @permitdesk/widget/react: <PermitLookup> for React hosts, built
//                     against the host's React (external, a peer dependency: not aliased to preact). It
//                     imports the ESM entry as ./index.js; neither widget.js nor modal.js includes it.
// Source is written with React APIs; react, react-dom and the JSX runtime are aliased to preact/compat.
// Every build prints the gzip sizes and fails over budget (build/size-budget.mjs).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { dts } from 'rollup-plugin-dts';
import esbuild from 'rollup-plugin-esbuild';
import { cssRaw } from './build/css-raw.mjs';
import { precompute } from './build/precompute.mjs';
import { loaderBudget, modalBudget } from './build/size-budget.mjs';
import { snippetText } from './build/snippet-text.mjs';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

// A clean dist: chunk names carry hashes, so old ones would pile up.
rmSync(here('./dist'), { recursive: true, force: true });

// The US map module is generated from us-atlas at build time (deterministic: same input, same file).
execFileSync(process.execPath, [here('./scripts/generate-us-map.mjs')], { stdio: 'ignore' });

const preactCompat = alias({
  entries: [
    { find: /^react$/, replacement: 'preact/compat' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  ],
});

const resolve = () =>
  nodeResolve({
    browser: true,
    // Workspace packages are bundled from their TypeScript sources.
    exportConditions: ['@permitdesk/source', 'browser', 'module', 'import', 'default'],
    extensions: ['.ts', '.tsx', '.mjs', '.js'],
  });

const compile = () =>
  esbuild({
    target: 'es2022',
    jsx: 'automatic',
    tsconfig: here('./tsconfig.json'),
  });

// pure_getters: reading a property has no side effect in this code (no getter does work); unsafe_arrows:
// function expressions that use no `this` become arrows. Together ~90 B gzip off the modal.
const minify = () => terser({ ecma: 2022, module: true, compress: { passes: 3, pure_getters: true, unsafe_arrows: true }, format: { comments: false } });

// The catalogue's `summary` texts are for /openapi.json only; nothing in the widget reads them, so the
// widget's copy of core's endpoint files goes without (~1 KB gzip; issue 18 needed the room). A summary
// written other than as one string literal is left alone.
const SUMMARY = /\bsummary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`[^`$]*`)\s*,/g;
const ENDPOINT_FILE = /[\\/]packages[\\/]core[\\/]src[\\/]api[\\/][\w-]+\.endpoints\.ts$/;
const dropSummaries = () => ({
  name: 'permitdesk-drop-endpoint-summaries',
  transform(code, id) {
    return ENDPOINT_FILE.test(id) ? { code: code.replace(SUMMARY, ''), map: null } : null;
  },
});

const production = replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } });

// Modules that only declare things: core (package.json "sideEffects": false, but its sources are
// resolved file by file here), the widget's sign-up flow machine (src/flow/, moved from core) and the
// libraries that say the same of themselves. Their unused
// top-level schema definitions are dropped instead of landing in the first view.
const PURE_MODULES = /[\\/](packages[\\/]core[\\/]src|packages[\\/]widget[\\/]src[\\/]flow|node_modules[\\/].*[\\/]node_modules[\\/](valibot|ky|zustand|d3-[a-z]+))[\\/]/;
// JSON.stringify builds core's default settings table, which the widget never reads. (Declaring
// valibot's factories pure would be matched by name, across all code: a function of ours called `pick`
// vanished that way. So they are not.)
const PURE_FUNCTIONS = ['JSON.stringify'];
const treeshake = { moduleSideEffects: (id) => !PURE_MODULES.test(id), manualPureFunctions: PURE_FUNCTIONS };

const onwarn = (warning, warn) => {
  // widget.js imports the modal by a URL computed at run time: that is the point, not a mistake.
  if (warning.code === 'UNRESOLVED_IMPORT' && /esm\/modal/.test(warning.message)) return;
  warn(warning);
};

// @permitdesk/widget/react's import of the ESM entry stays an import of the built entry (same folder).
const reactSource = here('./src/react.tsx');
// ('absolute': the id is written as it is, not made relative to the source file.)
const entryAsImport = () => ({
  name: 'permitdesk-entry-as-import',
  resolveId(source, importer) {
    return importer === reactSource && source === './index.js' ? { id: './index.js', external: 'absolute' } : null;
  },
});
const hostReact = (id) => /^react(\/|$)/.test(id);

export default [
  {
    // The modal is an entry of its own: widget.js imports it by URL.
    // frame-host.js: the protocol alone, for pages that frame the hosted widget (/embed).
    input: { index: here('./src/index.ts'), modal: here('./src/modal/modal-entry.tsx'), 'frame-host': here('./src/frame/frame-host.ts') },
    output: {
      dir: here('./dist/esm'),
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: false,
    },
    plugins: [preactCompat, production, dropSummaries(), cssRaw(), precompute({ modules: [here('./src/modal/initial-screen.ts')] }), resolve(), compile(), minify(), modalBudget()],
    treeshake,
    onwarn,
  },
  {
    input: here('./src/embed.ts'),
    output: { file: here('./dist/widget.js'), format: 'iife', sourcemap: false },
    plugins: [resolve(), compile(), minify(), loaderBudget(() => snippetText())],
    treeshake,
    onwarn,
  },
  {
    input: here('./src/index.ts'),
    output: { file: here('./dist/index.d.ts'), format: 'es' },
    external: (id) => /^(@permitdesk\/core|react|react-dom|preact)(\/|$)/.test(id) || id.endsWith('.css?raw'),
    plugins: [dts({ tsconfig: here('./tsconfig.json'), compilerOptions: { customConditions: ['@permitdesk/source'] } })],
  },
  {
    input: { react: reactSource },
    output: { dir: here('./dist/esm'), format: 'es', entryFileNames: '[name].js', sourcemap: false },
    external: hostReact,
    plugins: [entryAsImport(), compile(), minify()],
  },
  {
    input: reactSource,
    output: { file: here('./dist/react.d.ts'), format: 'es' },
    external: hostReact,
    plugins: [entryAsImport(), dts({ tsconfig: here('./tsconfig.json'), compilerOptions: { customConditions: ['@permitdesk/source'] } })],
  },
];
