// Alerts (success hides after 3 s), generic modals (Confirm, Info, Success, Error, Custom and its
// error) and toasts (removed after 2.5 s), SPEC §2.8, §8, §9.
import { TIMINGS } from '@permitdesk/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render.js';
import { Alert } from './alert.js';
import { CUSTOM_MODAL_ERROR, useModals, type ModalApi } from './generic-modals.js';
import { notify } from './notify.js';

afterEach(() => vi.useRealTimers());

describe('Alert', () => {
  it('hides a success alert after 3 seconds and keeps the others', () => {
    vi.useFakeTimers();
    render(
      <>
        <Alert kind="success">Saved</Alert>
        <Alert kind="error">Broken</Alert>
      </>,
    );
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Broken');
  });
});

describe('toasts', () => {
  it('are removed after 2.5 seconds', async () => {
    renderAt(null);
    vi.useFakeTimers();
    act(() => notify('success', 'Resend successfully!', 'Your activation code has been sent.'));
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.toastMs - 100));
    expect(screen.getByText('Resend successfully!')).toBeTruthy();
    // Sonner removes a toast after its duration plus a short exit animation.
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.queryByText('Resend successfully!')).toBeNull();
  });
});

describe('generic modals', () => {
  let modals: ModalApi;
  const Grab = () => {
    modals = useModals();
    return null;
  };

  it('Confirm resolves true on OK and false on Cancel', async () => {
    renderAt(<Grab />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => void (answer = modals.confirm({ title: 'Delete?', message: 'Really delete it?' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Really delete it?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    act(() => void (answer = modals.confirm({ title: 'Delete?' })));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it.each(['info', 'success', 'error'] as const)('%s shows its message with OK', async (kind) => {
    renderAt(<Grab />);
    act(() => void modals[kind]({ title: `The ${kind} title`, message: `The ${kind} message` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`The ${kind} title`)).toBeTruthy();
    expect(within(dialog).getByText(`The ${kind} message`)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Custom renders the given component, and refuses to open without one', async () => {
    renderAt(<Grab />);
    expect(() => modals.custom({ title: 'Nothing' })).toThrow('Please specify the react component when using custom modal!');
    expect(CUSTOM_MODAL_ERROR).toBe('Please specify the react component when using custom modal!');
    const Body = ({ close }: { close: (result?: boolean) => void }) => (
      <button type="button" onClick={() => close(false)}>
        Custom body
      </button>
    );
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => void (answer = modals.custom({ title: 'Custom', component: Body })));
    await userEvent.click(await screen.findByRole('button', { name: 'Custom body' }));
    await expect(answer).resolves.toBe(false);
  });
});
