import type { Preview } from '@storybook/react-vite';
import { THEMES, withTheme } from './theme-decorator.js';

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Partner theme (--pd-* variables)',
      toolbar: { title: 'Theme', icon: 'paintbrush', items: Object.keys(THEMES), dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'default' },
  parameters: {
    layout: 'fullscreen',
    // The a11y addon checks every story; serious issues fail the run in the test runner.
    a11y: { test: 'error' },
  },
};
export default preview;
