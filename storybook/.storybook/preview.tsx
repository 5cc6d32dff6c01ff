import type { Preview } from '@storybook/react-vite';
import { THEMES, withTheme } from './theme-decorator.js';
import { withThemeControls } from './theme-controls.js';

const preview: Preview = {
  decorators: [withTheme],
  // Every story gets the --pd-* theme variables as controls (see theme-controls.ts).
  argTypesEnhancers: [withThemeControls],
  globalTypes: {
    theme: {
      description: 'Partner theme (--pd-* variables)',
      toolbar: { title: 'Theme', icon: 'paintbrush', items: Object.keys(THEMES), dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'default' },
  parameters: {
    layout: 'fullscreen',
    // The a11y addon checks every story; e2e/storybook fails on any violation.
    a11y: { test: 'error' },
  },
};
export default preview;
