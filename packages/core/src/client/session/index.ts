// The session store (SPEC §3 AuthState, §4.2) and its storage.
export * from './storage.js';
export * from './session-store.js';
