// The sign-up flow (SPEC §2.5, §2.10, §4.1): the pure machine, its selectors, and the controller.
export * from './steps.js';
export * from './state.js';
export * from './guards.js';
export * from './transition.js';
export * from './selectors.js';
export * from './tracking.js';
export * from './account-payload.js';
export * from './timers.js';
export * from './controller.js';
