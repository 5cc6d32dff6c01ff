// Test helpers of the sign-up flow, for core's tests and, through the package export
// '@permitdesk/core/testing' (sources only, never in dist), for the apps' tests.
export { createManualTimers } from './manual-timers.js';
