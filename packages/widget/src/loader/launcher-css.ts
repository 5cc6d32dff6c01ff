// The only style the loader carries: the launcher button. Partners restyle it with ::part(launcher)
// or replace its text through the default slot; the modal brings its own stylesheet when opened.
// The browser's own focus ring marks the launcher for keyboard users.
export const LAUNCHER_CSS =
  ':host{display:inline-block}[part=launcher]{font:600 15px/1.2 var(--pd-font,system-ui,sans-serif);color:var(--pd-primary-contrast,#fff);background:var(--pd-primary,#1849a9);border:0;border-radius:var(--pd-radius,8px);padding:12px 20px;cursor:pointer}';

/** Adopts a stylesheet into a shadow root, or falls back to a <style> carrying the page's CSP nonce. */
export function adoptCss(root: ShadowRoot, css: string, nonce?: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  root.prepend(style);
}
