// One vitest run for the whole workspace: node projects for core, server and the widget's flow
// machine, happy-dom for the UIs.
// Packages resolve each other's TypeScript sources through the "@permitdesk/source" export condition.
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

const source = '@permitdesk/source';
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig({
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [source, ...defaultServerConditions], externalConditions: [source] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'core', environment: 'node', include: ['packages/core/src/**/*.test.ts'] },
      },
      {
        // The repository itself: the READMEs' commands point at real files and scripts.
        extends: true,
        test: { name: 'repo', environment: 'node', include: ['scripts/**/*.test.ts'] },
      },
      {
        // Not extending the root: vitest hands the conditions to Node as --conditions, and the root's
        // 'module' condition makes Node load bundler-only builds (the AWS SDK's dist-es).
        resolve: { conditions: [source, 'node', 'development|production'] },
        ssr: { resolve: { conditions: [source, 'node', 'development|production'], externalConditions: [source] } },
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/server/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // The widget's sign-up flow machine is framework-free: its tests talk to a real local HTTP server
        // and run in Node, as they did in core (under happy-dom, the page's fetch treats that server as
        // another origin and the calls fail).
        test: { name: 'widget-flow', environment: 'node', include: ['packages/widget/src/flow/**/*.test.ts'] },
      },
      {
        extends: true,
        // The widget ships preact/compat, so its tests run against preact too.
        resolve: { alias: preactCompat },
        test: {
          name: 'widget',
          environment: 'happy-dom',
          include: ['packages/widget/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'packages/widget/src/flow/**'],
          // One preact instance: Node would load preact's hooks and core apart from the aliased compat.
          server: { deps: { inline: [/preact/] } },
          // The widget imports its stylesheets as text (?raw) to adopt them into its shadow root.
          css: { include: [/packages\/widget\/src\/styles\//] },
        },
      },
      {
        extends: true,
        test: {
          name: 'dashboard',
          environment: 'happy-dom',
          include: ['packages/dashboard/src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
