// Keyboard containment for the modal: Tab and Shift+Tab cycle inside the dialog, focus lands on the
// first field of each step. Works inside a shadow root, where document.activeElement is the host.
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export const focusables = (container: HTMLElement): HTMLElement[] =>
  Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));

/** The element that has focus, looking through shadow roots. */
export function activeElement(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return root.activeElement ?? null;
}

/** Keeps Tab inside `container`; returns true when it moved focus itself. */
export function trapTab(container: HTMLElement, event: { key: string; shiftKey: boolean; preventDefault(): void }): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusables(container);
  if (items.length === 0) return false;
  const first = items[0] as HTMLElement;
  const last = items[items.length - 1] as HTMLElement;
  const current = activeElement(container);
  const outside = !current || !container.contains(current);
  if (event.shiftKey && (current === first || outside)) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (current === last || outside)) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/** Focus the first field of a step (or, failing that, its heading). */
export function focusFirstField(container: HTMLElement, fallback: HTMLElement | null): void {
  const field = container.querySelector<HTMLElement>('input:not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled])');
  // The dialog is in view already: no scrolling to work out.
  (field ?? fallback)?.focus({ preventScroll: true });
}
