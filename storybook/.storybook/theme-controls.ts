// The theme variables (--pd-*) as controls on every story: the widget's partner theme on widget stories,
// the dashboard's design tokens on the others. An arg named after its variable is set by the theme
// decorator on the story's host; an empty control leaves the toolbar theme (or the token) as it is.
import type { ArgTypesEnhancer, StrictArgTypes } from 'storybook/internal/types';
import { themeVariable } from '@permitdesk/widget/components';

/** The WidgetTheme keys, in the order the Controls panel lists them, with what each paints. */
export const WIDGET_THEME_KEYS = {
  primary: 'Buttons, links, progress bar',
  primaryContrast: 'Text on primary surfaces',
  text: 'Body text',
  bg: 'Modal background',
  surface: 'Side panel background',
  radius: "Corner radius, e.g. '8px'",
  font: 'Font stack',
} as const;

/** The dashboard tokens (styles/tokens.css) a designer most often tries another value of. */
const DASHBOARD_TOKENS = {
  '--pd-color-brand': 'Header, primary buttons',
  '--pd-color-accent': 'Accent buttons, success',
  '--pd-color-link': 'Links',
  '--pd-color-text': 'Body text',
  '--pd-color-surface': 'Cards and tables',
  '--pd-color-canvas': 'Page background',
  '--pd-radius': 'Corner radius',
  '--pd-font': 'Font stack',
} as const;

const THEME_CATEGORY = 'Theme (--pd-*)';

function controls(variables: Record<string, string>): StrictArgTypes {
  return Object.fromEntries(
    Object.entries(variables).map(([name, description]) => [
      name,
      { name, description, control: /radius|font/.test(name) ? 'text' : 'color', table: { category: THEME_CATEGORY } },
    ]),
  );
}

const WIDGET_CONTROLS = controls(Object.fromEntries(Object.entries(WIDGET_THEME_KEYS).map(([key, description]) => [themeVariable(key), description])));
const DASHBOARD_CONTROLS = controls(DASHBOARD_TOKENS);

export const isWidgetStory = (title: string) => title.startsWith('Widget/');

/** Adds the theme controls of the story's side to its own argTypes. */
export const withThemeControls: ArgTypesEnhancer = (context) => ({
  ...context.argTypes,
  ...(isWidgetStory(context.title) ? WIDGET_CONTROLS : DASHBOARD_CONTROLS),
});

/** The story's --pd-* args that hold a value, as CSS variables. */
export function themeArgs(args: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(args).filter((entry): entry is [string, string] => entry[0].startsWith('--pd-') && typeof entry[1] === 'string' && entry[1] !== ''));
}
