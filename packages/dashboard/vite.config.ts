// Vite build of the dashboard. Workspace packages resolve to their TypeScript sources through the
// "@permitdesk/source" condition; in development the API paths are proxied to the server on :3000,
// which serves dist/ itself (same origin, SPA fallback) in production.
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { firstLoadBudget, preloadBeyondFirstLoad } from './build/first-load.mjs';

const apiTarget = process.env.PERMITDESK_API ?? 'http://localhost:3000';
// Every first path segment the API uses (SPEC §7). HTML navigations to the same prefixes (e.g. the
// /search page) stay with the SPA: the bypass below hands them back to Vite.
const apiPrefixes = [
  '/auth', '/v1', '/v3', '/v4', '/app', '/search/', '/tasks', '/permit-stages', '/global-setting', '/address-count',
  '/create-user-app', '/verify_email', '/verify-reoon', '/check', '/verify_email_reoon', '/sendMailToVerifyAccount',
  '/save', '/delete', '/update', '/confirmVerifiedUrl', '/verify-reoon-otp', '/webhooks', '/users', '/passcode',
  '/openapi.json', '/dev', '/files', '/health', '/widget',
];
const proxy = Object.fromEntries(
  apiPrefixes.map((prefix) => [
    prefix,
    {
      target: apiTarget,
      changeOrigin: false,
      bypass: (req: { headers: { accept?: string }; url?: string }) =>
        req.headers.accept?.includes('text/html') ? req.url : undefined,
    },
  ]),
);

const preload = preloadBeyondFirstLoad();

/**
 * sonner (toasts) adds its stylesheet as a <style> element at run time, which the dashboard's CSP
 * (style-src 'self', no inline styles) refuses: the build loads the same package's styles.css as a file
 * instead. The build fails if sonner changes how it injects, so the CSP check in e2e/security stays honest.
 */
function sonnerStylesAsFile(): Plugin {
  return {
    name: 'permitdesk-sonner-styles-as-file',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      const out = code.replace(/__insertCSS\("(?:[^"\\]|\\.)*"\);/, "import './styles.css';");
      if (out === code) this.error('sonner no longer injects its styles through __insertCSS("..."): update sonnerStylesAsFile');
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), sonnerStylesAsFile(), preload.plugin, firstLoadBudget()],
  resolve: { conditions: ['@permitdesk/source', ...defaultClientConditions] },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the dashboard supports has <link rel=modulepreload>: no polyfill in the first load.
    // A page's preload list leaves out the chunks the first load has already run.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      output: {
        // React, react-router and their bindings in one first-load chunk: fewer chunk seams in the first
        // load, and a file that stays cached while the app changes.
        codeSplitting: { groups: [{ name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|zustand|react-error-boundary)[\\/]/ }] },
      },
    },
    reportCompressedSize: true,
  },
});
