// Cancellation helpers: a newer call aborts the older one (the radar search, SPEC §7.2), and a
// caller's own AbortSignal still works alongside.

/** One signal that aborts when any of the given ones does. */
export function anySignal(signals: readonly AbortSignal[]): AbortSignal {
  // AbortSignal.any is missing from older browsers (Safari before 17.4).
  const native = (AbortSignal as unknown as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (native) return native.call(AbortSignal, [...signals]);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

const supersededReason = (): Error => {
  const error = new Error('Superseded by a newer call');
  error.name = 'AbortError';
  return error;
};

/**
 * Wraps an async function taking `{ signal? }` so that each call aborts the one before it: only the
 * latest call can resolve; older ones reject with an AbortError (see `isAbortError`).
 */
export function latestOnly<I extends { signal?: AbortSignal } | undefined, R>(
  fn: (input: I) => Promise<R>,
): (input: I) => Promise<R> {
  let current: AbortController | null = null;
  return (input: I) => {
    current?.abort(supersededReason());
    const controller = new AbortController();
    current = controller;
    const own = input?.signal;
    const signal = own ? anySignal([own, controller.signal]) : controller.signal;
    return fn({ ...(input ?? {}), signal } as I).finally(() => {
      if (current === controller) current = null;
    });
  };
}
