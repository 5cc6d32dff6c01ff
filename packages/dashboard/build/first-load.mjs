// The dashboard's first load (GitHub issue 6): the entry chunk and every chunk it imports statically,
// i.e. the JavaScript the browser runs before the first page. Budget: 100 KB gzip, React included;
// the rest lives in route chunks. Every build prints the figure and fails over budget; bench/dashboard.mjs
// prints the same figure with the route chunks.
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET = 100 * 1024;
/** What we aim for: room for the app to grow before the hard limit. */
export const FIRST_LOAD_TARGET = 92 * 1024;

export const gzipSize = (code) => gzipSync(Buffer.from(code), { level: 9 }).length;
export const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;

/** The file names of the entry chunk and its static imports, in load order. */
export function firstLoadFiles(bundle) {
  const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) return [];
  const seen = new Set();
  const visit = (name) => {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || seen.has(name)) return;
    seen.add(name);
    for (const next of chunk.imports) visit(next);
  };
  visit(entry.fileName);
  return [...seen];
}

/** Vite plugin: prints the first load (gzip -9) and fails the build over FIRST_LOAD_BUDGET. */
export function firstLoadBudget() {
  return {
    name: 'permitdesk-first-load-budget',
    apply: 'build',
    // After writing: the chunks then carry Vite's preload maps, as the browser receives them.
    writeBundle(_options, bundle) {
      const files = firstLoadFiles(bundle);
      const total = files.reduce((sum, name) => sum + gzipSize(bundle[name].code), 0);
      const line = `dashboard first load (entry + ${files.length - 1} static chunks, gzip -9): ${kb(total)} (${total} B); budget ${kb(FIRST_LOAD_BUDGET)}, target ${kb(FIRST_LOAD_TARGET)}`;
      if (total > FIRST_LOAD_BUDGET) this.error(`over budget: ${line}. Move what the first page does not need behind a dynamic import.`);
      // The first load arrives at once only if the page names every chunk of it.
      const html = bundle['index.html']?.source?.toString() ?? '';
      const unlisted = files.filter((name) => !html.includes(`/${name}"`));
      if (unlisted.length > 0) this.error(`index.html does not load or preload: ${unlisted.join(', ')}`);
      console.log(`\n  ${line}\n`);
    },
  };
}

/**
 * Preload lists that name only what a dynamic import adds: not the imported chunk itself (import()
 * fetches it at the same moment) and not the chunks of the first load (they ran before any dynamic
 * import can). Vite's default lists both, in the entry, for every page: bytes of the first load.
 * Returns the plugin that learns the first load and the `resolveDependencies` that uses it.
 */
export function preloadBeyondFirstLoad() {
  let loaded = new Set();
  return {
    plugin: {
      name: 'permitdesk-first-load-chunks',
      apply: 'build',
      enforce: 'pre',
      generateBundle(_options, bundle) {
        loaded = new Set(firstLoadFiles(bundle));
      },
    },
    // The HTML keeps every preload of the entry: those links are how the first load arrives at once.
    resolveDependencies: (file, deps, { hostType }) =>
      hostType === 'html' ? deps : deps.filter((dep) => dep !== file && !loaded.has(dep)),
  };
}
