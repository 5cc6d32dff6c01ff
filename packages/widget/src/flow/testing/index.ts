// Test helpers of the sign-up flow, for the flow's own tests and the widget's component tests.
export { createManualTimers } from './manual-timers.js';
