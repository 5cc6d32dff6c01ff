import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
export default defineConfig({
  root: '/work/main',
  resolve: { conditions: ['@permitdesk/source', ...defaultClientConditions], alias: preactCompat },
  test: { environment: 'happy-dom', include: ['packages/widget/src/**/zz.test.tsx'] },
});
