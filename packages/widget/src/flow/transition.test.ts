import { describe, expect, it } from 'vitest';
import { at, initialFlowState, type FlowContext, type FlowState } from './state.js';
import type { FlowStep } from './steps.js';
import { transition, type FlowEvent } from './transition.js';
import { trackedSteps } from './tracking.js';
import { address, companyAddress, geocoded, municipality, task } from './testing/fixtures.js';

const run = (state: FlowState, ...events: FlowEvent[]) => events.reduce(transition, state);
const stateAt = (step: FlowStep, context: Partial<FlowContext> = {}) => at(initialFlowState(), step, context);
const settings = (s: Partial<FlowContext['settings']>) => ({ ...initialFlowState().context.settings, ...s });
const NEXT = { type: 'NEXT' } as const;
const BACK = { type: 'BACK' } as const;
const validPerson = { fullName: 'Ann Lee', phone: '(555) 234-5678' };

describe('flow machine: address and task', () => {
  it('starts on the address step of the lookup view', () => {
    expect(initialFlowState()).toMatchObject({ view: 'lookup', step: 'enter-address' });
  });

  it('goes to the task step only once an address is chosen', () => {
    const start = initialFlowState();
    expect(transition(start, NEXT)).toBe(start);
    const chosen = run(start, { type: 'ADDRESS_SELECTED', address, geocoded, similarAddress: true, municipality }, NEXT);
    expect(chosen).toMatchObject({ view: 'task_selection', step: 'select-task' });
    expect(chosen.context).toMatchObject({ address, geocodedAddress: geocoded, similarAddress: true, municipality });
  });

  it('clears the address with its line 2, warning and municipality', () => {
    const s = run(initialFlowState(), { type: 'ADDRESS_SELECTED', address, geocoded, similarAddress: true, municipality },
      { type: 'FIELD_CHANGED', field: 'addressLine2', value: 'Unit 4' }, { type: 'ADDRESS_CLEARED' });
    expect(s.context).toMatchObject({ address: null, geocodedAddress: null, similarAddress: false, municipality: null, addressLine2: '' });
  });

  it('task Next needs a task, then goes to name and phone (or to the form when signed in)', () => {
    const s = stateAt('select-task', { address });
    expect(transition(s, NEXT)).toBe(s);
    expect(run(s, { type: 'TASK_SELECTED', task }, NEXT)).toMatchObject({ view: 'loginOrSignup', step: 'enter-name-phone-number' });
    expect(run(stateAt('select-task', { address, authenticated: true }), { type: 'TASK_SELECTED', task }, NEXT)).toMatchObject({ view: 'form', step: 'permit-form' });
  });

  it('task Back returns to the address step', () => {
    expect(transition(stateAt('select-task'), BACK)).toMatchObject({ view: 'lookup', step: 'enter-address' });
  });
});

describe('flow machine: name, phone and e-mail', () => {
  it('name/phone Next only with a non-empty name and a valid phone', () => {
    for (const [fullName, phone] of [['', '(555) 234-5678'], ['   ', '(555) 234-5678'], ['Ann', '(155) 234-5678'], ['Ann', '555']]) {
      const s = stateAt('enter-name-phone-number', { fullName, phone });
      expect(transition(s, NEXT).step).toBe('enter-name-phone-number');
    }
    expect(transition(stateAt('enter-name-phone-number', validPerson), NEXT)).toMatchObject({ step: 'enter-email' });
  });

  it('name/phone Back goes to the task step and clears the email', () => {
    const s = transition(stateAt('enter-name-phone-number', { email: 'ann@example.com', checkStatus: 'sent' }), BACK);
    expect(s).toMatchObject({ view: 'task_selection', step: 'select-task' });
    expect(s.context.email).toBe('');
    expect(s.context.checkStatus).toBe('idle');
  });

  it('email Back goes to name and phone', () => {
    expect(transition(stateAt('enter-email'), BACK).step).toBe('enter-name-phone-number');
  });

  it('a known account goes to enter password', () => {
    const s = run(stateAt('enter-email', { email: 'ann@example.com' }), { type: 'EMAIL_CHECK_STARTED' }, { type: 'ACCOUNT_FOUND', verified: true });
    expect(s).toMatchObject({ step: 'enter-password' });
    expect(s.context).toMatchObject({ accountExists: true, accountVerified: true, checkStatus: 'idle' });
  });

  it('tracks checking, sent, rejected and another email on the email step', () => {
    const checking = transition(stateAt('enter-email'), { type: 'EMAIL_CHECK_STARTED' });
    expect(checking.context.checkStatus).toBe('checking');
    const sent = transition(checking, { type: 'VERIFICATION_SENT', status: 'safe', totp: 't1' });
    expect(sent).toMatchObject({ step: 'enter-email', context: { checkStatus: 'sent', totp: 't1', emailStatus: 'safe' } });
    const rejected = transition(checking, { type: 'EMAIL_REJECTED', status: 'disposable' });
    expect(rejected.context).toMatchObject({ checkStatus: 'rejected', emailStatus: 'disposable' });
    expect(transition(rejected, { type: 'ENTER_ANOTHER_EMAIL' }).context).toMatchObject({ checkStatus: 'idle', email: '', emailStatus: null });
    expect(transition(checking, { type: 'EMAIL_CHECK_FAILED' }).context.checkStatus).toBe('idle');
  });

  it('resend sets the flag and the spinner, then stops the spinner', () => {
    const s = transition(stateAt('enter-email', { checkStatus: 'sent' }), { type: 'RESEND_STARTED' });
    expect(s.context).toMatchObject({ resent: true, resending: true });
    expect(transition(s, { type: 'RESEND_FINISHED' }).context).toMatchObject({ resent: true, resending: false });
  });

  it('the known-account path: forgot password → reset → back to enter password; Backs', () => {
    const s = stateAt('enter-password', { email: 'ann@example.com' });
    expect(transition(s, BACK)).toMatchObject({ step: 'enter-email', context: { checkStatus: 'idle' } });
    const reset = transition(s, { type: 'RESET_CODE_SENT' });
    expect(reset.step).toBe('reset-password');
    expect(transition(reset, BACK).step).toBe('enter-password');
    expect(transition(reset, { type: 'PASSWORD_RESET' }).step).toBe('enter-password');
    expect(transition(s, { type: 'AUTHENTICATED' })).toMatchObject({ view: 'form', step: 'permit-form', context: { authenticated: true } });
  });
});

describe('flow machine: verification', () => {
  const record = {
    backupAddressObj: { ...address, geocoded },
    backupSelectedTaskObj: task,
    backupAddressTwo: 'Unit 4',
    email: 'ann@example.com',
    fullName: 'Ann Lee',
    phoneNumber: '(555) 234-5678',
    startWithRoles: null,
    isTurnOnNotificationWallDoItYourself: true,
  };

  it('the mailed link opens verify email, and verification restores the record', () => {
    const back = run(initialFlowState(), { type: 'VERIFY_RETURN', email: 'ann@example.com' });
    expect(back).toMatchObject({ view: 'loginOrSignup', step: 'verify-email', context: { email: 'ann@example.com', checkStatus: 'verifying' } });
    const verified = transition(back, { type: 'EMAIL_VERIFIED', record, totp: 't1' });
    expect(verified.context).toMatchObject({
      address, geocodedAddress: geocoded, task, addressLine2: 'Unit 4', fullName: 'Ann Lee', phone: '(555) 234-5678',
      startWithRoles: null, checkStatus: 'verified', totp: 't1', accountVerified: true,
    });
    expect(verified.context.settings.diyNoticeOn).toBe(true);
    expect(transition(verified, { type: 'VERIFIED_SUCCESS_SHOWN' }).context.verifiedSuccessShown).toBe(true);
    expect(transition(verified, BACK).step).toBe('enter-email');
  });

  it('does not advance before the address is verified', () => {
    const waiting = stateAt('verify-email', { checkStatus: 'verifying' });
    expect(transition(waiting, { type: 'VERIFIED_ADVANCE' })).toBe(waiting);
  });

  it('advances by startWithRoles: none → select type; Contractor → company; DIY → notice if on, else password', () => {
    const verified = (startWithRoles: FlowContext['startWithRoles'], diyNoticeOn = false) =>
      stateAt('verify-email', { checkStatus: 'verified', startWithRoles, settings: settings({ diyNoticeOn }) });
    expect(transition(verified(null), { type: 'VERIFIED_ADVANCE' }).step).toBe('enter-apply-type');
    expect(transition(verified('Contractor'), { type: 'VERIFIED_ADVANCE' })).toMatchObject({ step: 'apply-contractor', context: { applicantType: 'Contractor' } });
    expect(transition(verified('Do-It-Yourselfer', true), { type: 'VERIFIED_ADVANCE' })).toMatchObject({
      step: 'important-notice', context: { noticeFor: 'doItYourself', applicantType: 'Do-It-Yourselfer' },
    });
    expect(transition(verified('Do-It-Yourselfer', false), { type: 'VERIFIED_ADVANCE' }).step).toBe('create-password');
  });
});

describe('flow machine: apply type, company, notice, password', () => {
  it('select type: Contractor → company; DIY → notice if on, else create password; Back → email', () => {
    const s = stateAt('enter-apply-type', { settings: settings({ diyAllowed: true, diyNoticeOn: true }), companyName: 'Old Co' });
    expect(transition(s, { type: 'APPLY_TYPE_CHOSEN', role: 'Contractor' }).step).toBe('apply-contractor');
    const diy = transition(s, { type: 'APPLY_TYPE_CHOSEN', role: 'Do-It-Yourselfer' });
    expect(diy).toMatchObject({ step: 'important-notice', context: { noticeFor: 'doItYourself', companyName: '' } });
    const noNotice = stateAt('enter-apply-type', { settings: settings({ diyAllowed: true }) });
    expect(transition(noNotice, { type: 'APPLY_TYPE_CHOSEN', role: 'Do-It-Yourselfer' }).step).toBe('create-password');
    expect(transition(s, BACK)).toMatchObject({ step: 'enter-email' });
  });

  it('refuses DIY when INDIVIDUAL_REQUEST_PERMIT does not allow it', () => {
    const s = stateAt('enter-apply-type', { settings: settings({ diyAllowed: false }) });
    expect(transition(s, { type: 'APPLY_TYPE_CHOSEN', role: 'Do-It-Yourselfer' })).toBe(s);
  });

  it('company Next needs a name and a selected address, then the notice if on, else create password', () => {
    const s = stateAt('apply-contractor', { settings: settings({ companyNoticeOn: true }) });
    expect(run(s, { type: 'FIELD_CHANGED', field: 'companyName', value: 'Acme' }, NEXT).step).toBe('apply-contractor');
    expect(run(s, { type: 'COMPANY_ADDRESS_SELECTED', address: companyAddress }, NEXT).step).toBe('apply-contractor');
    const ready = run(s, { type: 'FIELD_CHANGED', field: 'companyName', value: 'Acme' }, { type: 'COMPANY_ADDRESS_SELECTED', address: companyAddress });
    expect(transition(ready, NEXT)).toMatchObject({ step: 'important-notice', context: { noticeFor: 'company' } });
    const off = { ...ready, context: { ...ready.context, settings: settings({ companyNoticeOn: false }) } };
    expect(transition(off, NEXT).step).toBe('create-password');
    expect(transition(ready, BACK).step).toBe('enter-apply-type');
  });

  it('the notice goes to create password once the checkbox is ticked, with the SPEC message otherwise', () => {
    const s = stateAt('important-notice', { noticeFor: 'company' });
    const refused = transition(s, NEXT);
    expect(refused).toMatchObject({ step: 'important-notice', context: { noticeError: 'Please check this box if you want to proceed' } });
    const ticked = transition(refused, { type: 'NOTICE_TOGGLED', accepted: true });
    expect(ticked.context.noticeError).toBeNull();
    expect(transition(ticked, NEXT).step).toBe('create-password');
    expect(transition(s, BACK).step).toBe('apply-contractor');
    expect(transition(stateAt('important-notice', { noticeFor: 'doItYourself' }), BACK).step).toBe('enter-apply-type');
  });

  it('create password Back: notice, company step or select type by company name and notice setting', () => {
    const back = (companyName: string, s: Partial<FlowContext['settings']>) =>
      transition(stateAt('create-password', { companyName, settings: settings(s) }), BACK);
    expect(back('Acme', { companyNoticeOn: true })).toMatchObject({ step: 'important-notice', context: { noticeFor: 'company' } });
    expect(back('Acme', { companyNoticeOn: false }).step).toBe('apply-contractor');
    expect(back('', { diyNoticeOn: true })).toMatchObject({ step: 'important-notice', context: { noticeFor: 'doItYourself' } });
    expect(back('', { diyNoticeOn: false }).step).toBe('enter-apply-type');
  });

  it('create password: the new account is signed in and sees the form', () => {
    expect(transition(stateAt('create-password'), { type: 'AUTHENTICATED' })).toMatchObject({ view: 'form', step: 'permit-form' });
  });
});

describe('flow machine: the form', () => {
  it('an unauthenticated request for the form goes back to the task step', () => {
    expect(transition(stateAt('enter-email'), { type: 'REQUEST_FORM' })).toMatchObject({ view: 'task_selection', step: 'select-task' });
    expect(transition(stateAt('select-task', { authenticated: true }), { type: 'REQUEST_FORM' })).toMatchObject({ view: 'form' });
  });

  it('signing out on the form goes back to the task step', () => {
    const s = transition(stateAt('permit-form', { authenticated: true }), { type: 'AUTH_CHANGED', authenticated: false });
    expect(s).toMatchObject({ step: 'select-task', context: { authenticated: false } });
  });

  it('reset starts over but keeps settings and sign-in', () => {
    const s = transition(stateAt('create-password', { fullName: 'Ann', authenticated: true, settings: settings({ diyAllowed: true }) }), { type: 'RESET' });
    expect(s).toMatchObject({ step: 'enter-address', context: { fullName: '', authenticated: true, settings: { diyAllowed: true } } });
  });
});

describe('flow machine: a taken company name (issue 18)', () => {
  const TAKEN = 'Company name has already been taken, please try another name!';
  const company = stateAt('apply-contractor', { applicantType: 'Contractor', companyName: 'Acme', companyAddress });

  it('a taken answer for the name shown blocks Next; an answer for an older name is ignored; typing clears it', () => {
    const taken = run(company, { type: 'COMPANY_NAME_CHECKED', name: 'Acme ', available: false });
    expect(taken.context.companyNameError).toBe(TAKEN);
    expect(transition(taken, NEXT)).toBe(taken);
    expect(transition(company, { type: 'COMPANY_NAME_CHECKED', name: 'Ac', available: false })).toBe(company);
    const retyped = run(taken, { type: 'FIELD_CHANGED', field: 'companyName', value: 'Acme West' });
    expect(retyped.context.companyNameError).toBeNull();
    expect(run(retyped, NEXT).step).toBe('create-password');
  });

  it('refused at Create Account: back to the company step with the message and everything kept', () => {
    const s = run(stateAt('create-password', { ...company.context, email: 'ann@example.com', totp: 'k' }), { type: 'COMPANY_NAME_TAKEN' });
    expect(s).toMatchObject({ step: 'apply-contractor', context: { companyNameError: TAKEN, companyName: 'Acme', companyAddress, email: 'ann@example.com', totp: 'k' } });
  });
});

describe('tracked workflow steps', () => {
  const track = (s: FlowState, e: FlowEvent) => trackedSteps(s, e, transition(s, e));
  it('names the role, the existing customer, sign-in, sign-up, permit started and the success page', () => {
    const type = stateAt('enter-apply-type', { settings: settings({ diyAllowed: true }) });
    expect(track(type, { type: 'APPLY_TYPE_CHOSEN', role: 'Contractor' })).toEqual(['contractor']);
    expect(track(type, { type: 'APPLY_TYPE_CHOSEN', role: 'Do-It-Yourselfer' })).toEqual(['do-it-yourselfer']);
    expect(track(stateAt('verify-email', { checkStatus: 'verified', startWithRoles: 'Contractor' }), { type: 'VERIFIED_ADVANCE' })).toEqual(['contractor']);
    expect(track(stateAt('enter-email'), { type: 'ACCOUNT_FOUND', verified: true })).toEqual(['existing-customer']);
    expect(track(stateAt('enter-password'), { type: 'AUTHENTICATED' })).toEqual(['sign-in', 'permit-started']);
    expect(track(stateAt('create-password'), { type: 'AUTHENTICATED' })).toEqual(['sign-up', 'permit-started']);
    expect(track(stateAt('permit-form', { authenticated: true }), { type: 'FORM_SUBMITTED' })).toEqual(['success-page']);
  });
});
