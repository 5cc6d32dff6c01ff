// Storybook for PermitDesk: the widget's steps (stories/widget) and the dashboard's widgets
// (stories/dashboard), rendering the real components from the workspace sources.
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(config) {
    // Workspace packages resolve to their TypeScript sources (the "@permitdesk/source" condition).
    const { mergeConfig, defaultClientConditions } = await import('vite');
    return mergeConfig(config, { resolve: { conditions: ['@permitdesk/source', ...defaultClientConditions] } });
  },
};
export default config;
