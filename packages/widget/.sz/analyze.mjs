import { rollup } from 'rollup';
import { gzipSync } from 'node:zlib';
const configs = (await import('/work/main/packages/widget/rollup.config.mjs')).default;
const cfg = configs[0];
cfg.plugins = cfg.plugins.filter((p) => p.name !== 'permitdesk-modal-budget');
const bundle = await rollup({ ...cfg, onwarn() {} });
const { output } = await bundle.generate(cfg.output);
const { modalFigures } = await import('/work/main/packages/widget/build/size-budget.mjs');
const byName = Object.fromEntries(output.map((c) => [c.fileName, c]));
const f = modalFigures(byName);
const [mode, arg] = process.argv.slice(2);
console.log({ firstView: f.firstView, throughForm: f.throughForm, maps: f.maps, first: f.firstViewChunks.join(' ') });
for (const c of output) {
  if (c.type !== 'chunk') continue;
  console.log(c.fileName, gzipSync(c.code).length, 'imports', c.imports.join(','), 'dyn', c.dynamicImports.join(','));
  if (mode === 'mods' && c.fileName.includes(arg)) {
    for (const [id, m] of Object.entries(c.modules).sort((a, b) => b[1].renderedLength - a[1].renderedLength)) console.log('    ', gzipSync(m.code ?? '').length, m.renderedLength, id.replace('/work/main/', ''));
  }
}
