// eager(): a component in its own chunk that suspends until the chunk is in, then draws at once (no
// fallback on later renders), and sends a failed fetch to the error boundary instead of retrying forever.
import { waitFor, within } from '@testing-library/dom';
import { Component, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { eager } from './eager.js';

let unmount = () => undefined as void;
afterEach(() => unmount());

/** Renders into a fresh container; preact draws synchronously on render(). */
function render(element: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(element);
  unmount = () => {
    root.unmount();
    container.remove();
  };
  const screen = within(container);
  return { screen, rerender: (next: ReactNode) => root.render(next) };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

it('suspends until the chunk is in, then draws at once', async () => {
  let loads = 0;
  let arrive: () => void = () => undefined;
  const View = eager(() => new Promise<typeof Hello>((resolve) => (loads++, (arrive = () => resolve(Hello)))));
  const { screen, rerender } = render(
    <Suspense fallback={<p>loading</p>}>
      <View name="Ann" />
    </Suspense>,
  );
  await screen.findByText('loading');
  arrive();
  await screen.findByText('hello Ann');
  // Drawn again elsewhere: no fallback in between.
  rerender(
    <Suspense fallback={<p>loading</p>}>
      <View name="Bob" />
    </Suspense>,
  );
  expect(screen.getByText('hello Bob')).toBeTruthy();
  expect(screen.queryByText('loading')).toBeNull();
  expect(loads).toBe(1);
});

it('draws in the first render when preloaded', async () => {
  const View = eager(async () => Hello);
  await View.preload();
  const { screen } = render(
    <Suspense fallback={<p>loading</p>}>
      <View name="Cy" />
    </Suspense>,
  );
  expect(screen.getByText('hello Cy')).toBeTruthy();
});

it('sends a failed fetch to the error boundary; preload() tries again', async () => {
  let attempts = 0;
  const View = eager(async () => {
    attempts++;
    if (attempts === 1) throw new Error('chunk missing');
    return Hello;
  });
  const { screen } = render(
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <View name="Di" />
      </Suspense>
    </Boundary>,
  );
  await screen.findByText('failed: chunk missing');
  await waitFor(() => expect(attempts).toBe(1));
  await expect(View.preload()).resolves.toBe(Hello);
  expect(attempts).toBe(2);
});
