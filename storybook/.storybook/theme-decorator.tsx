// Renders each story inside a shadow root, as the widget is on a partner page, with the widget's
// stylesheets adopted and the chosen theme's --pd-* variables set on the host.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Decorator } from '@storybook/react-vite';
import { themeVariable, WIDGET_STYLESHEETS, type WidgetTheme } from '@permitdesk/widget/components';

export const THEMES: Record<string, WidgetTheme> = {
  default: {},
  lumber: { primary: '#9a3412', primaryContrast: '#fff7ed', text: '#2b1d0e', surface: '#f5ebe0', radius: '2px', font: 'Georgia, serif' },
  solar: { primary: '#0f766e', primaryContrast: '#ffffff', text: '#0f172a', surface: '#ecfeff', radius: '14px' },
};

function ShadowHost({ theme, children }: { theme: WidgetTheme; children: ReactNode }) {
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
    for (const key of ['primary', 'primaryContrast', 'text', 'bg', 'surface', 'radius', 'font']) element.style.removeProperty(themeVariable(key));
    for (const [key, value] of Object.entries(theme)) if (value) element.style.setProperty(themeVariable(key), value);
  }, [theme]);
  return <div ref={host}>{root ? createPortal(children, root) : null}</div>;
}

/** Widget stories (titles under 'Widget/') render in the shadow root; other stories as they are. */
export const withTheme: Decorator = (Story, context) =>
  context.title.startsWith('Widget/') ? (
    <ShadowHost theme={THEMES[String(context.globals['theme'] ?? 'default')] ?? {}}>
      <Story />
    </ShadowHost>
  ) : (
    <Story />
  );
