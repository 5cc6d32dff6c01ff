// The × of the close and clear buttons, drawn rather than typed: the button's name ('Close', 'Clear')
// then matches its visible content (no text glyph for screen readers and axe to compare with the name).
export function CloseIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
      <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
