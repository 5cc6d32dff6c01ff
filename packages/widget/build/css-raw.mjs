// Rollup plugin: `import css from './x.css?raw'` gives the stylesheet's text, minified by esbuild, so the
// widget can adopt it into its shadow root (Vite does the same natively in tests and Storybook).
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { transform } from 'esbuild';

const SUFFIX = '.css?raw';

export function cssRaw() {
  return {
    name: 'permitdesk-css-raw',
    resolveId(source, importer) {
      if (!source.endsWith(SUFFIX) || !importer) return null;
      return `${resolve(dirname(importer), source.slice(0, -'?raw'.length))}?raw`;
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -'?raw'.length);
      this.addWatchFile(file);
      const { code } = await transform(await readFile(file, 'utf8'), { loader: 'css', minify: true, target: ['chrome100', 'firefox100', 'safari15'] });
      return { code: `export default ${JSON.stringify(code.trim())};`, moduleSideEffects: false };
    },
  };
}
