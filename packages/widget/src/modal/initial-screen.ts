// The flow's starting point as the first view draws it before the runtime chunk (API client, flow
// controller, selectors) has arrived: the view and step of core's initial state, what core's
// selectors say of it, and the fade duration. The widget's build evaluates this module once and ships the result as constants
// (build/precompute.mjs), so the first view carries none of core's code; in tests and Storybook it
// runs as written.
import { initialFlowState } from '../flow/index.js';
import { TIMINGS } from '@permitdesk/core';
import { screenOf } from './screen.js';

const flow = initialFlowState();

export const INITIAL_SCREEN = { view: flow.view, step: flow.step, screen: screenOf(flow), fadeMs: TIMINGS.fadeMs };
