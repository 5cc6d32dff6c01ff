import alias from '@rollup/plugin-alias';
const configs = (await import('/work/main/packages/widget/rollup.config.mjs')).default;
configs[0].plugins.unshift(alias({ entries: [{ find: /^@permitdesk\/core$/, replacement: '/work/main/packages/widget/.sz/core-copy/index.ts' }] }));
export default configs;
