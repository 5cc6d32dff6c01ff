// Builds the library packages: each package keeps its own rollup config, listed here in order
// (core first: the widget bundles core's sources but its types refer to core's).
import core from './packages/core/rollup.config.mjs';
import widget from './packages/widget/rollup.config.mjs';

export default [...core, ...widget];
