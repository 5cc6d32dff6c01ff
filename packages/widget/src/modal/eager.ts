// A component in a chunk of its own that draws at once when its chunk is already in. React's lazy()
// suspends on its first render even then, and a suspending view is swapped out for its fallback and
// back: DOM work and a relayout for nothing on a step change. preload() fetches the chunk ahead; until
// it is in, the component suspends (throws the fetch to the nearest Suspense), as lazy() does.
import { createElement, type ComponentType, type FunctionComponent } from 'react';

export type Eager<P> = FunctionComponent<P> & { preload(): Promise<ComponentType<P>> };

export function eager<P extends object>(load: () => Promise<ComponentType<P>>): Eager<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  let failure: unknown;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        failure = error;
        loading = undefined; // preload() tries again
        throw error;
      },
    ));
  const Component = (props: P) => {
    if (loaded) return createElement(loaded, props);
    // A failed fetch goes to the error boundary, as lazy()'s does, rather than retrying forever.
    if (failure !== undefined && !loading) throw failure;
    throw preload();
  };
  return Object.assign(Component, { preload });
}
