// driver.js marks the highlighted element as the opener of its popover: aria-haspopup="dialog",
// aria-expanded="true" and aria-controls. The first two are allowed on a few interactive roles only;
// on a <div>, a <table> or a column header axe reports aria-allowed-attr (serious) for as long as the
// tour is open. They are taken off such targets; aria-controls is a global attribute and stays.

/** Roles that allow both aria-haspopup and aria-expanded (WAI-ARIA 1.2). */
const POPUP_ROLES = new Set(['application', 'button', 'combobox', 'gridcell', 'link', 'menuitem', 'tab', 'treeitem']);
const BUTTON_INPUTS = new Set(['button', 'submit', 'reset', 'image']);

/** The element's explicit role, or the implicit one of the interactive elements that have it. */
export function popupRoleOf(element: Element): string | null {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = element.tagName.toLowerCase();
  if (tag === 'button' || tag === 'summary') return 'button';
  if ((tag === 'a' || tag === 'area') && element.hasAttribute('href')) return 'link';
  if (tag === 'input') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    if (BUTTON_INPUTS.has(type)) return 'button';
    return element.hasAttribute('list') ? 'combobox' : null;
  }
  if (tag === 'select') return element.hasAttribute('multiple') || Number(element.getAttribute('size') ?? 1) > 1 ? 'listbox' : 'combobox';
  return null;
}

export const allowsPopupAttributes = (element: Element): boolean => POPUP_ROLES.has(popupRoleOf(element) ?? '');

export function stripPopupAttributes(element: Element | undefined): void {
  if (!element || allowsPopupAttributes(element)) return;
  element.removeAttribute('aria-haspopup');
  element.removeAttribute('aria-expanded');
}
