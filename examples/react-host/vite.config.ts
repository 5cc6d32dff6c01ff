// A React host built like any app that installs @permitdesk/widget from npm: the widget comes from its
// published ESM build (dist/esm, preact inside, drawn in its own shadow root), not from its sources.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
