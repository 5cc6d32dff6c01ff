// <PermitLookup> (@permitdesk/widget/react): mount() in an effect, destroy() on unmount, the events
// wired to typed callbacks, `open` driving the handle. Here React is preact/compat (the vitest
// 'widget' project aliases it); the packed package in a real React + Vite app is e2e/pack's test.
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { ClosedDetail, MountOptions, SubmittedDetail, WidgetHandle, WidgetState } from './index.js';

const calls = vi.hoisted(() => ({ mounts: [] as { element: HTMLElement; options: MountOptions; handle: Record<string, ReturnType<typeof vi.fn>> }[] }));

vi.mock('./index.js', async (original) => {
  const actual = await original<typeof import('./index.js')>();
  return {
    ...actual,
    mount: vi.fn((element: HTMLElement, options: MountOptions) => {
      const handle = { open: vi.fn(), close: vi.fn(), prefetch: vi.fn(async () => undefined), destroy: vi.fn() };
      calls.mounts.push({ element, options, handle });
      return handle;
    }),
  };
});

const { PermitLookup } = await import('./react.js');
const { EVENTS } = await import('./index.js');

let container: HTMLElement;
let root: ReturnType<typeof createRoot>;
beforeEach(() => {
  calls.mounts.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const render = (node: Parameters<typeof root.render>[0]) => act(() => root.render(node));

it('mounts the widget on its own element in an effect, with the options, and destroys it on unmount', () => {
  const handleRef: { current: WidgetHandle | null } = { current: null };
  render(<PermitLookup apiBase="https://permits.example" partnerId="sunpeak" open={false} theme={{ primary: '#0f766e' }} className="pd" handleRef={handleRef} />);
  expect(calls.mounts).toHaveLength(1);
  const [mounted] = calls.mounts;
  expect(mounted!.element).toBe(container.querySelector('div.pd'));
  expect(mounted!.options).toMatchObject({ apiBase: 'https://permits.example', partnerId: 'sunpeak', open: false, theme: { primary: '#0f766e' } });
  // The component's own props are not mount() options.
  expect(mounted!.options).not.toHaveProperty('handleRef');
  expect(mounted!.options).not.toHaveProperty('className');
  expect(handleRef.current).toBe(mounted!.handle);

  render(<PermitLookup apiBase="https://permits.example" partnerId="sunpeak" open={false} className="pd" handleRef={handleRef} />);
  expect(calls.mounts).toHaveLength(1); // a re-render does not mount again
  expect(mounted!.options).not.toHaveProperty('theme'); // but the options mount() reads on open follow the props

  act(() => root.unmount());
  expect(mounted!.handle.destroy).toHaveBeenCalledTimes(1);
  expect(handleRef.current).toBeNull();
});

it('calls the typed callbacks for the widget events and state changes, the latest ones given', () => {
  const first = vi.fn();
  const onSubmitted = vi.fn((_detail: SubmittedDetail, event: CustomEvent<SubmittedDetail>) => event.preventDefault());
  const onClose = vi.fn((_detail: ClosedDetail) => undefined);
  const onStateChange = vi.fn((_state: WidgetState) => undefined);
  render(<PermitLookup open={false} onSubmitted={first} />);
  render(<PermitLookup open={false} onSubmitted={onSubmitted} onClose={onClose} onStateChange={onStateChange} />);
  const { element } = calls.mounts[0]!;

  const detail: SubmittedDetail = { session: 's1', permitId: 7, projectId: 3, successUrl: 'https://permits.example/success' };
  const submitted = new CustomEvent(EVENTS.submitted, { detail, cancelable: true });
  element.dispatchEvent(submitted);
  expect(first).not.toHaveBeenCalled();
  expect(onSubmitted).toHaveBeenCalledWith(detail, submitted);
  expect(submitted.defaultPrevented).toBe(true); // the app stays on its page

  element.dispatchEvent(new CustomEvent(EVENTS.closed, { detail: { view: 'lookup' } }));
  expect(onClose).toHaveBeenCalledWith({ view: 'lookup' });

  return vi.waitFor(() => {
    element.setAttribute('state', 'ready');
    expect(onStateChange).toHaveBeenCalledWith('ready');
  });
});

it('stops listening on unmount', () => {
  const onClose = vi.fn();
  render(<PermitLookup open={false} onClose={onClose} />);
  const { element } = calls.mounts[0]!;
  act(() => root.unmount());
  element.dispatchEvent(new CustomEvent(EVENTS.closed, { detail: { view: null } }));
  expect(onClose).not.toHaveBeenCalled();
});

it('opens and closes the mounted widget when `open` changes, with `start`', () => {
  render(<PermitLookup open={false} start={{ task: 'Solar PV' }} />);
  const { handle, options } = calls.mounts[0]!;
  expect(options.open).toBe(false);
  expect(handle.open).not.toHaveBeenCalled();
  render(<PermitLookup open start={{ task: 'Solar PV' }} />);
  expect(handle.open).toHaveBeenCalledWith({ task: 'Solar PV' });
  render(<PermitLookup open={false} start={{ task: 'Solar PV' }} />);
  expect(handle.close).toHaveBeenCalledTimes(1);
  render(<PermitLookup open={false} start={{ task: 'Solar PV' }} />);
  expect(handle.close).toHaveBeenCalledTimes(1);
});

it('gives a callback ref the handle and then null', () => {
  const seen: (WidgetHandle | null)[] = [];
  render(<PermitLookup open={false} handleRef={(handle) => void seen.push(handle)} />);
  act(() => root.unmount());
  expect(seen).toEqual([calls.mounts[0]!.handle, null]);
});
