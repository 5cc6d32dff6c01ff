// Renders each widget story inside a shadow root, as the widget is on a partner page, with the widget's
// stylesheets adopted and the theme's --pd-* variables set on the host: the toolbar's partner theme,
// then the story's theme controls over it. Dashboard stories get their token controls on a wrapper.
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Decorator } from '@storybook/react-vite';
import { themeVariable, WIDGET_STYLESHEETS, type WidgetTheme } from '@permitdesk/widget/components';
import { isWidgetStory, themeArgs, WIDGET_THEME_KEYS } from './theme-controls.js';

export const THEMES: Record<string, WidgetTheme> = {
  default: {},
  lumber: { primary: '#9a3412', primaryContrast: '#fff7ed', text: '#2b1d0e', surface: '#f5ebe0', radius: '2px', font: 'Georgia, serif' },
  solar: { primary: '#0f766e', primaryContrast: '#ffffff', text: '#0f172a', surface: '#ecfeff', radius: '14px' },
};

/** The toolbar theme as CSS variables, with the story's own --pd-* values over it. */
function widgetVariables(theme: WidgetTheme, overrides: Record<string, string>): Record<string, string> {
  const fromTheme = Object.entries(theme).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return { ...Object.fromEntries(fromTheme.map(([key, value]) => [themeVariable(key), value])), ...overrides };
}

function ShadowHost({ variables, children }: { variables: Record<string, string>; children: ReactNode }) {
  const host = useRef<HTMLDivElement | null>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = WIDGET_STYLESHEETS.map((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      return sheet;
    });
    setRoot(shadow);
  }, []);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    for (const key of Object.keys(WIDGET_THEME_KEYS)) element.style.removeProperty(themeVariable(key));
    for (const [name, value] of Object.entries(variables)) element.style.setProperty(name, value);
  }, [variables]);
  return <div ref={host}>{root ? createPortal(children, root) : null}</div>;
}

/** Widget stories (titles under 'Widget/') render in the shadow root; other stories in a token wrapper. */
export const withTheme: Decorator = (Story, context) => {
  const overrides = themeArgs(context.args);
  if (!isWidgetStory(context.title)) {
    return (
      <div style={overrides as CSSProperties}>
        <Story />
      </div>
    );
  }
  const theme = THEMES[String(context.globals['theme'] ?? 'default')] ?? {};
  return (
    <ShadowHost variables={widgetVariables(theme, overrides)}>
      <Story />
    </ShadowHost>
  );
};
