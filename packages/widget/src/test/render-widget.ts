// Mounts the real widget (mount() → modal chunk → runtime chunk) on a host element against the fake
// server, and gives Testing Library queries scoped to its shadow root.
import { within, waitFor } from '@testing-library/dom';
import { mount, type MountOptions, type WidgetHandle } from '../index.js';

export async function renderWidget(apiBase: string, options: Omit<MountOptions, 'apiBase'> = {}) {
  const host = document.createElement('div');
  document.body.append(host);
  const handle: WidgetHandle = mount(host, { apiBase, ...options });
  await waitFor(() => {
    if (!host.shadowRoot?.querySelector('[role=dialog]')) throw new Error('modal not rendered yet');
  });
  const root = host.shadowRoot!;
  // Queries run inside the modal's container: Testing Library waits on elements, not shadow roots.
  const container = Array.from(root.children).find((child): child is HTMLElement => child.tagName === 'DIV')!;
  const screen = within(container);
  return {
    host,
    root,
    handle,
    screen,
    dialog: () => root.querySelector<HTMLElement>('[role=dialog]'),
    step: () => root.querySelector('[role=dialog]')?.getAttribute('data-step'),
    title: () => root.querySelector('h2')?.textContent,
    progress: () => root.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow'),
    height: () => root.querySelector<HTMLElement>('[role=dialog]')?.style.height,
    cleanup() {
      handle.destroy();
      host.remove();
    },
  };
}
