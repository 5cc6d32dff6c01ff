// The funnel's shared parts (issue 18): the event schema the widget's body must pass, and the stages.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { FUNNEL_STAGES, TRACKED_STEPS } from '../rules/funnel-steps.js';
import { FUNNEL_STAGE_OF_STEP, UNKNOWN_FUNNEL_STEP_MESSAGE, funnelEventSchema, funnelStages } from './funnel.js';

describe('the funnel', () => {
  it('places every tracked step of SPEC §2.10 in exactly one stage', () => {
    expect(TRACKED_STEPS).toEqual(['do-it-yourselfer', 'contractor', 'sign-in', 'sign-up', 'permit-started', 'existing-customer', 'success-page']);
    expect(FUNNEL_STAGES.flatMap((stage) => stage.steps).sort()).toEqual([...TRACKED_STEPS].sort());
    expect(FUNNEL_STAGE_OF_STEP['existing-customer']).toBe(0);
    expect(FUNNEL_STAGE_OF_STEP['success-page']).toBe(3);
  });

  it('accepts an event and names the steps when one is unknown', () => {
    expect(v.safeParse(funnelEventSchema, { step: 'sign-up', session: 'a1b2c3d4-e5f6', fromURL: 'https://partner.example/x' }).success).toBe(true);
    const bad = v.safeParse(funnelEventSchema, { step: 'nope', session: 'a1b2c3d4-e5f6' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.message).toBe(UNKNOWN_FUNNEL_STEP_MESSAGE);
    expect(v.safeParse(funnelEventSchema, { step: 'sign-up', session: 'x' }).success).toBe(false);
  });

  it('counts a session at every stage up to its furthest, with the drop-out between stages', () => {
    // 4 stopped after choosing a role, 2 after the account, 1 in the form, 3 submitted.
    const stages = funnelStages([4, 2, 1, 3]);
    expect(stages.map((s) => s.sessions)).toEqual([10, 6, 4, 3]);
    expect(stages.map((s) => s.dropOut)).toEqual([null, 0.4, 2 / 6, 0.25]);
    expect(funnelStages([0, 0, 0, 0]).map((s) => s.dropOut)).toEqual([null, 0, 0, 0]);
  });
});
