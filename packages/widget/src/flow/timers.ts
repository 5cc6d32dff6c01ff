// The timers the controller waits on (SPEC §9: 1 s resend spinner, 3 s / 5 s after verification,
// 1500 ms sign-in redirect), injectable so tests advance time by hand.
export interface FlowTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: FlowTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
