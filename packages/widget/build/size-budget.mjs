// The widget's size budgets (issue 4), checked on every build: the build fails over budget and prints
// each figure. Sizes are gzip (level 9) of the minified output.
import { gzipSync } from 'node:zlib';

export const BUDGETS = {
  /**
   * Snippet + widget.js (the queue, the global's commands, <permit-lookup> and its launcher): what a host page
   * loads before anyone opens the modal. Below the smallest peer loader (Formbricks, 1.6 KB; issue 15).
   */
  hostPage: 1.5 * 1024,
  /** The modal's first view (address step), preact/compat included. */
  firstView: 14 * 1024,
  /**
   * Everything from opening the modal through the form step, on the way every user takes. Excluded, each
   * printed beside it: the maps (they load only when shown), <permit-lookup>'s host, and the on-demand
   * chunks (ON_DEMAND below: UI fetched only when its case arises, e.g. the gate's notice). A chunk shared by
   * an on-demand part and the main path is reachable from the main path, so it still counts here.
   */
  throughForm: 50 * 1024,
};

export const gzipSize = (code) => gzipSync(Buffer.from(code), { level: 9 }).length;
export const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const exact = (bytes) => `${kb(bytes)} (${bytes} B)`;

const MAP_MODULE = /[\\/]src[\\/]map[\\/](us-map|google-map|us-states)|[\\/]d3-[a-z]+[\\/]|js-api-loader|use-places-autocomplete|[\\/]src[\\/]address[\\/]google|us-map\.css/;
/** Chunks only a map needs (Google's or the built-in one): a map module's own chunk, or map code only. */
export const isMapChunk = (chunk) =>
  /[\\/]src[\\/]map[\\/](us-map|google-map)\.tsx$/.test(chunk.facadeModuleId ?? '') ||
  (Object.keys(chunk.modules).length > 0 && Object.keys(chunk.modules).every((id) => MAP_MODULE.test(id)));

/**
 * The element's host (src/loader/element-host.ts and what only it needs): widget.js's own part, moved out of
 * the host page's load; fetched with the modal on hover, focus or opening, never by mount().
 */
export const isElementHostChunk = (chunk) => /[\\/]src[\\/]loader[\\/]element-host\.ts$/.test(chunk.facadeModuleId ?? '');

/**
 * UI that only some users ever see, each in a chunk of its own fetched when its case arises (by eager() at
 * its one use), never preloaded: the address-ambiguity question (only when the located municipality has
 * alternatives; src/address/municipality-choice.tsx) and the pre-filing gate's notice with 'Submit anyway'
 * (only when the gate refuses the submit; src/modal/gate-notice.tsx), and the offer to hand the sign-up back
 * to the device that started it (only where the mailed link was opened on another device;
 * src/steps/hand-back-offer.tsx, issue 18), and the waiting device's question whether the address was
 * verified elsewhere (only once a verification mail is sent; src/flow/waiting-device.ts), and the funnel's
 * beacon (fetched at the first tracked step, never awaited: src/runtime/funnel-beacon.ts). They are not on the way to the form,
 * so not part of through-form; the build prints their size ('on demand'). Add a module here only if it
 * is loaded on demand, never with preloadViews(). Matched by the chunk's facade: should Rollup ever merge
 * such a module into another chunk, that chunk has another facade and is counted in through-form (the
 * safe way). Modules the on-demand chunks share with the main path stay in the main path's chunks.
 */
export const ON_DEMAND = /[\\/]src[\\/](address[\\/]municipality-choice\.tsx|modal[\\/]gate-notice\.tsx|steps[\\/]hand-back-offer\.tsx|flow[\\/]waiting-device\.ts|runtime[\\/]funnel-beacon\.ts)$/;
export const isOnDemandChunk = (chunk) => ON_DEMAND.test(chunk.facadeModuleId ?? '');

/** The chunk names reachable from `start`, following static imports only or dynamic ones too. */
export function reachable(bundle, start, { dynamic, skip = () => false }) {
  const seen = new Set();
  const visit = (name) => {
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk' || seen.has(name) || skip(chunk)) return;
    seen.add(name);
    for (const next of chunk.imports) visit(next);
    if (dynamic) for (const next of chunk.dynamicImports) visit(next);
  };
  visit(start);
  return [...seen];
}

/** The figures of an ESM build of the modal (entry 'modal.js'). */
export function modalFigures(bundle) {
  const size = (names) => names.reduce((sum, name) => sum + gzipSize(bundle[name].code), 0);
  const first = reachable(bundle, 'modal.js', { dynamic: false });
  const all = reachable(bundle, 'modal.js', { dynamic: true });
  const maps = all.filter((name) => isMapChunk(bundle[name]));
  // The host's chunk and the chunks only it needs (embed-host.ts, shared with mount()'s index.js).
  const withoutHost = reachable(bundle, 'modal.js', { dynamic: true, skip: isElementHostChunk });
  const elementHost = all.filter((name) => !withoutHost.includes(name));
  // The on-demand chunks and the chunks only they need (a chunk the main path also imports stays in).
  const mainPath = reachable(bundle, 'modal.js', { dynamic: true, skip: (chunk) => isElementHostChunk(chunk) || isOnDemandChunk(chunk) });
  const onDemand = withoutHost.filter((name) => !mainPath.includes(name));
  const throughForm = all.filter((name) => !maps.includes(name) && !elementHost.includes(name) && !onDemand.includes(name));
  return {
    firstView: size(first),
    firstViewChunks: first,
    throughForm: size(throughForm),
    maps: size(maps),
    mapChunks: maps,
    elementHost: size(elementHost),
    onDemand: size(onDemand),
    onDemandChunks: onDemand,
  };
}

function check(context, label, bytes, budget) {
  const line = `${label.padEnd(44)} ${exact(bytes).padStart(20)}  budget ${exact(budget)}`;
  if (bytes > budget) context.error(`over budget: ${line}`);
  console.log(`  ${line}`);
}

/** Rollup plugin for the ESM build: first view and through-form budgets. */
export function modalBudget() {
  return {
    name: 'permitdesk-modal-budget',
    generateBundle(_options, bundle) {
      const figures = modalFigures(bundle);
      console.log('widget sizes (gzip):');
      check(this, 'modal first view (address step + preact)', figures.firstView, BUDGETS.firstView);
      check(this, 'everything through the form step', figures.throughForm, BUDGETS.throughForm);
      console.log(`  ${'maps (loaded only when shown)'.padEnd(44)} ${kb(figures.maps).padStart(10)}`);
      console.log(`  ${'on demand (ambiguity, gate, cross-device)'.padEnd(44)} ${exact(figures.onDemand).padStart(20)}`);
      console.log(`  ${"<permit-lookup>'s host (with the modal)".padEnd(44)} ${exact(figures.elementHost).padStart(20)}`);
    },
  };
}

/** Rollup plugin for the loader build: widget.js plus the snippet. */
export function loaderBudget(getSnippet) {
  return {
    name: 'permitdesk-loader-budget',
    async generateBundle(_options, bundle) {
      const loader = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      const snippet = await getSnippet();
      check(this, 'host page: snippet + widget.js', gzipSize(loader.code) + gzipSize(snippet), BUDGETS.hostPage);
    },
  };
}
