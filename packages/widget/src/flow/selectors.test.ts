import { describe, expect, it } from 'vitest';
import { buttons, emailButtonLabel, emailInputDisabled, mapView, modalHeight, noticeText, progress, title } from './selectors.js';
import { at, initialFlowState, type FlowContext } from './state.js';
import { FLOW_STEPS, type FlowStep } from './steps.js';
import { address, companyAddress, geocoded, municipality, task, wall } from './testing/fixtures.js';

const stateAt = (step: FlowStep, context: Partial<FlowContext> = {}) => at(initialFlowState(), step, context);
const settings = (s: Partial<FlowContext['settings']>) => ({ ...initialFlowState().context.settings, ...s });

describe('progress', () => {
  it('gives the SPEC §2.5 value per step', () => {
    const expected: Record<FlowStep, number> = {
      'enter-address': 25, 'select-task': 50, 'enter-name-phone-number': 75, 'enter-email': 82, 'verify-email': 78,
      'enter-apply-type': 85, 'apply-contractor': 89, 'important-notice': 87, 'create-password': 95, 'enter-password': 97,
      'reset-password': 82, 'enter-two-factor-code': 98, 'permit-form': 100,
    };
    for (const step of FLOW_STEPS) expect(progress(stateAt(step))).toBe(expected[step]);
  });
});

describe('title', () => {
  it("uses the SPEC's words", () => {
    expect(title(stateAt('enter-address'))).toBe('Where is the work to be performed?');
    expect(title(stateAt('select-task'))).toBe('What type of work are you doing?');
    expect(title(stateAt('enter-name-phone-number'))).toBe('Tell us about yourself.');
    expect(title(stateAt('verify-email'))).toBe('Hang tight while we verify');
    expect(title(stateAt('enter-apply-type'))).toBe('Are you applying as a contractor, or do-it-yourselfer?');
    expect(title(stateAt('apply-contractor'))).toBe('Tell us about your company');
    expect(title(stateAt('create-password'))).toBe('Create a password.');
    expect(title(stateAt('enter-password'))).toBe('Enter your password.');
    expect(title(stateAt('reset-password'))).toBe('Reset Your Password.');
  });

  it('the notice takes its configured title with the municipality filled in', () => {
    const s = stateAt('important-notice', { noticeFor: 'company', municipality, settings: settings({ companyNotice: wall('Company'), diyNotice: wall('DIY') }) });
    expect(title(s)).toBe('Company notice for City of Pasadena');
    expect(noticeText(s)?.descriptionsHeaderForm).toBe('We are not City of Pasadena.');
    expect(title({ ...s, context: { ...s.context, noticeFor: 'doItYourself' } })).toBe('DIY notice for City of Pasadena');
  });

  it("the form is '{municipality} {task} Application', or '{municipality} Application'", () => {
    expect(title(stateAt('permit-form', { municipality, task }))).toBe('City of Pasadena Roofing Application');
    expect(title(stateAt('permit-form', { municipality }))).toBe('City of Pasadena Application');
  });
});

describe('buttons', () => {
  it('name/phone Next only with a non-empty name and a valid phone', () => {
    expect(buttons(stateAt('enter-name-phone-number', { fullName: 'Ann', phone: '(555) 234-5678' })).next).toBe(true);
    expect(buttons(stateAt('enter-name-phone-number', { fullName: ' ', phone: '(555) 234-5678' })).next).toBe(false);
    expect(buttons(stateAt('enter-name-phone-number', { fullName: 'Ann', phone: '(055) 234-5678' })).next).toBe(false);
  });

  it('Do-It-Yourselfer only when INDIVIDUAL_REQUEST_PERMIT allows', () => {
    expect(buttons(stateAt('enter-apply-type', { settings: settings({ diyAllowed: true }) })).diy).toBe(true);
    expect(buttons(stateAt('enter-apply-type', { settings: settings({ diyAllowed: false }) })).diy).toBe(false);
  });

  it('company Next only with a name and a selected address', () => {
    expect(buttons(stateAt('apply-contractor', { companyName: 'Acme', companyAddress })).next).toBe(true);
    expect(buttons(stateAt('apply-contractor', { companyName: 'Acme' })).next).toBe(false);
    expect(buttons(stateAt('apply-contractor', { companyAddress })).next).toBe(false);
  });

  it('no Back on the address step', () => {
    expect(buttons(stateAt('enter-address')).back).toBe(false);
    expect(buttons(stateAt('select-task')).back).toBe(true);
  });

  it('the email button reads Validate, Resend or Enter another; the input is disabled while checking', () => {
    expect(emailButtonLabel(stateAt('enter-email'))).toBe('Validate Email');
    expect(emailButtonLabel(stateAt('enter-email', { checkStatus: 'sent' }))).toBe('Resend email');
    expect(emailButtonLabel(stateAt('enter-email', { checkStatus: 'rejected' }))).toBe('Enter another email');
    expect(emailInputDisabled(stateAt('enter-email', { checkStatus: 'checking' }))).toBe(true);
    expect(emailInputDisabled(stateAt('enter-email', { checkStatus: 'sent' }))).toBe(false);
  });
});

describe('modal height and map', () => {
  it('490 with no address, 765 with one, 810 with the similar-address warning, 720/820 for notices', () => {
    expect(modalHeight(initialFlowState())).toBe(490);
    expect(modalHeight(stateAt('enter-address', { address }))).toBe(765);
    expect(modalHeight(stateAt('enter-address', { address, similarAddress: true }))).toBe(810);
    expect(modalHeight(stateAt('important-notice', { address, noticeFor: 'doItYourself' }))).toBe(720);
    expect(modalHeight(stateAt('important-notice', { address, noticeFor: 'company' }))).toBe(820);
  });

  it('centre 39.83, -98.59 at zoom 3; zoom 6 on an address; zoom 12 with a marker', () => {
    expect(mapView(initialFlowState())).toEqual({ center: { lat: 39.83, lng: -98.59 }, zoom: 3, marker: null });
    expect(mapView(stateAt('enter-address', { address }))).toEqual({ center: { lat: 34.1478, lng: -118.1445 }, zoom: 6, marker: null });
    expect(mapView(stateAt('enter-address', { address, geocodedAddress: geocoded }))).toEqual({
      center: { lat: 34.1478, lng: -118.1445 }, zoom: 12, marker: { lat: 34.1478, lng: -118.1445 },
    });
  });
});
