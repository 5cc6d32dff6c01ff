// Keyboard only: focus starts in the search box, Tab and Shift+Tab stay inside the dialog, the dialog
// is labelled by its title, every field has a label.
import { fireEvent, waitFor } from '@testing-library/dom';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakePermitDesk, type FakePermitDesk } from '../test/fake-permitdesk.js';
import { renderWidget } from '../test/render-widget.js';
import { focusables } from './focus.js';

let server: FakePermitDesk;
beforeAll(async () => {
  server = await startFakePermitDesk();
});
afterAll(() => server.close());

it('traps focus in the dialog and labels it and its fields', async () => {
  const widget = await renderWidget(server.api.url);
  const dialog = widget.dialog()!;
  expect(dialog.getAttribute('aria-modal')).toBe('true');
  expect(widget.root.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('Where is the work to be performed?');
  await waitFor(() => expect(widget.root.activeElement).toBe(widget.screen.getByRole('combobox', { name: 'Job site address' })));

  const items = focusables(dialog);
  const first = items[0]!;
  const last = items[items.length - 1]!;
  last.focus();
  fireEvent.keyDown(last, { key: 'Tab' });
  expect(widget.root.activeElement).toBe(first);
  fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
  expect(widget.root.activeElement).toBe(last);

  for (const input of dialog.querySelectorAll('input, select, textarea')) {
    const labelled = input.id && widget.root.querySelector(`label[for="${input.id}"]`);
    expect(labelled, `label for ${input.outerHTML}`).toBeTruthy();
  }
  widget.cleanup();
});
