// The snippet as partners paste it, computed from the real source (src/snippet.ts) with esbuild, for the
// size budget and the bench.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const EXAMPLE_SNIPPET_CONFIG = {
  scriptUrl: 'https://permits.example.com/widget/widget.js',
  init: { apiBase: 'https://permits.example.com', partnerId: 'acme-lumber' },
};

export async function snippetText(config = EXAMPLE_SNIPPET_CONFIG) {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../src/snippet.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return module.snippetCode(config);
}
