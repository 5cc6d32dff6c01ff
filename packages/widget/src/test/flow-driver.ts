import { expect } from 'vitest';
// Moves a rendered widget through the steps the way a user does (fields, keyboard picks, buttons).
import { fireEvent, waitFor } from '@testing-library/dom';
import type { renderWidget } from './render-widget.js';

export type Widget = Awaited<ReturnType<typeof renderWidget>>;


/** Types a value and leaves the field (preact/compat listens to focusout for onBlur, like React). */
export const type = async (field: HTMLElement, value: string) => {
  fireEvent.input(field, { target: { value } });
  fireEvent.focusOut(field);
  await settle();
};

/** Lets preact render what the last event changed (it batches renders into a later task). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function atStep(widget: Widget, step: string) {
  await waitFor(() => expect(widget.step()).toBe(step), { timeout: 3000 });
}

/** Clicks a button once the screen has caught up with earlier events, then lets it render. */
export const click = async (widget: Widget, name: string | RegExp) => {
  await settle();
  fireEvent.click(widget.screen.getByRole('button', { name }));
  await settle();
};

/** Address step → task step, with the Pasadena address. */
export async function chooseAddress(widget: Widget) {
  const input = widget.screen.getByRole('combobox', { name: 'Job site address' });
  fireEvent.focusIn(input);
  fireEvent.input(input, { target: { value: 'Garfield' } });
  fireEvent.click(await widget.screen.findByRole('option'));
  await widget.screen.findByLabelText('Address 1');
  await waitFor(() => expect((widget.screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false));
  await click(widget, 'Next');
  await atStep(widget, 'select-task');
}

/** Task step → name and phone, with 'Roofing: re-roof'. */
export async function chooseTask(widget: Widget) {
  const select = await widget.screen.findByRole('combobox', { name: 'Project Type' });
  fireEvent.focusIn(select);
  fireEvent.input(select, { target: { value: 'roof' } });
  fireEvent.click(await widget.screen.findByRole('option', { name: 'Roofing: re-roof' }));
  await waitFor(() => expect((widget.screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false));
  await click(widget, 'Next');
}

/** Name and phone → e-mail. */
export async function enterNamePhone(widget: Widget, name = 'Jordan Lee', phone = '6265550123') {
  await type(await widget.screen.findByLabelText('Full Name'), name);
  await type(widget.screen.getByLabelText('Phone Number'), phone);
  await click(widget, 'Next');
  await atStep(widget, 'enter-email');
}

export async function validateEmail(widget: Widget, email: string) {
  await type(widget.screen.getByRole('textbox', { name: 'Email Address' }), email);
  await click(widget, 'Validate Email');
}

/** Matches the element whose text is exactly `text`, spaces included (the SPEC's messages keep theirs). */
export const exactly = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && !Array.from(element.children).some((child) => child.textContent === text);
