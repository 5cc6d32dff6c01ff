// The whole modal against the fake server: every step of SPEC §2.5 with its title, progress, buttons,
// messages and back edges, driven like a user and rendered by the real components and core's flow.
import { fireEvent, waitFor } from '@testing-library/dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, formEndpoints, funnelEndpoints, identityEndpoints, verificationEndpoints } from '@permitdesk/core';
import { createManualTimers as manualTimers } from '../flow/testing/index.js';
import { atStep, chooseAddress, chooseTask, click, enterNamePhone, exactly, settle, type, validateEmail, type Widget } from '../test/flow-driver.js';
import { HANDOFF_CODE, startFakePermitDesk, type FakePermitDesk } from '../test/fake-permitdesk.js';
import { renderWidget } from '../test/render-widget.js';
import type { SubmittedDetail } from '../types.js';

let server: FakePermitDesk;
let widget: Widget | undefined;
const startPath = '/partner/permits.html';
beforeAll(async () => {
  server = await startFakePermitDesk();
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', startPath);
  server.settings = [...DEFAULT_SETTINGS];
  server.entry = {};
});
afterEach(() => {
  widget?.cleanup();
  widget = undefined;
});

/** A flow record as the e-mail step saves it: Pasadena, roofing, name and phone. */
async function startVerifiedReturn(email: string, timers = manualTimers()) {
  widget = await renderWidget(server.api.url);
  await chooseAddress(widget);
  await chooseTask(widget);
  await enterNamePhone(widget);
  await validateEmail(widget, email);
  await widget.screen.findByRole('button', { name: 'Resend email' });
  widget.cleanup();
  // The mailed link brings the user back to the page they started on, maybe in another browser.
  localStorage.clear();
  window.history.replaceState(null, '', `${startPath}?email=${encodeURIComponent(email)}&accepted=1&token=link-token`);
  const confirmed = server.api.calls(verificationEndpoints.confirmVerifiedUrl).length;
  widget = await renderWidget(server.api.url, { timers });
  await atStep(widget, 'verify-email');
  // The 3 s and 5 s waits start once the server has confirmed the link.
  await waitFor(() => expect(server.api.calls(verificationEndpoints.confirmVerifiedUrl)).toHaveLength(confirmed + 1));
  await settle();
  return { widget, timers };
}

describe('a new contractor', () => {
  it('goes from the address to the permit request, verifying the e-mail through the mailed link', { timeout: 20_000 }, async () => {
    widget = await renderWidget(server.api.url);
    await chooseAddress(widget);

    // Task step: title, progress, municipality details, Back edge.
    expect(widget.title()).toBe('What type of work are you doing?');
    expect(widget.progress()).toBe('50');
    await widget.screen.findByText("You'll get permits through City of Pasadena.");
    expect(widget.screen.getByText('+1 (626) 744-4000')).toBeTruthy();
    expect(widget.screen.getByText('Cutoff Time 3:00 PM')).toBeTruthy();
    await click(widget, 'Back');
    await atStep(widget, 'enter-address');
    await click(widget, 'Next');
    await atStep(widget, 'select-task');
    await chooseTask(widget);

    // Name and phone: Next only once both are valid; the SPEC's messages.
    await atStep(widget, 'enter-name-phone-number');
    expect(widget.title()).toBe('Tell us about yourself.');
    expect(widget.progress()).toBe('75');
    expect(widget.screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await type(widget.screen.getByLabelText('Full Name'), '   ');
    await widget.screen.findByText('Full name is required.');
    await type(widget.screen.getByLabelText('Phone Number'), '0265550123');
    await widget.screen.findByText(exactly('Invalid format, Area Code (XXX) must be different 0 and 1 '));
    expect((widget.screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('+1 (026) 555-0123');
    await type(widget.screen.getByLabelText('Phone Number'), '62655');
    await widget.screen.findByText('Invalid format, valid formats are (XXX) XXX-XXXX or +1 (XXX) XXX-XXXX');
    await type(widget.screen.getByLabelText('Full Name'), 'Jordan Lee');
    await type(widget.screen.getByLabelText('Phone Number'), '6265550123');
    await click(widget, 'Back');
    await atStep(widget, 'select-task');
    await click(widget, 'Next');
    await atStep(widget, 'enter-name-phone-number');
    expect((widget.screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Jordan Lee');
    await click(widget, 'Next');

    // E-mail: validation messages, then the verification mail and the resend button.
    await atStep(widget, 'enter-email');
    expect(widget.progress()).toBe('82');
    await type(widget.screen.getByRole('textbox', { name: 'Email Address' }), 'jordan@');
    await widget.screen.findByText('Invalid email address.');
    await validateEmail(widget, 'Jordan.Lee@Roofers.example ');
    await widget.screen.findByText(/We sent a link to jordan.lee@roofers.example/);
    expect(server.savedFlow).toMatchObject({
      email: 'jordan.lee@roofers.example',
      fullName: 'Jordan Lee',
      phoneNumber: '+1 (626) 555-0123',
      backupSelectedTaskObj: { id: 3, name: 'Roofing: re-roof' },
      backupAddressObj: { id: 'address.4821' },
    });
    const mail = server.api.calls(verificationEndpoints.checkEmail)[0]!;
    expect(mail.query.get('location')).toBe(`${window.location.origin}${startPath}`);
    await click(widget, 'Resend email');
    await waitFor(() => expect(server.api.calls(verificationEndpoints.sendVerifyMail).length).toBe(1));
    widget.cleanup();

    // Back through the link (email and accepted=1), in a fresh browser: the flow resumes from the record.
    localStorage.clear();
    window.history.replaceState(null, '', `${startPath}?email=jordan.lee%40roofers.example&accepted=1&token=link-token`);
    const timers = manualTimers();
    widget = await renderWidget(server.api.url, { timers });
    await atStep(widget, 'verify-email');
    expect(widget.title()).toBe('Hang tight while we verify');
    expect(widget.progress()).toBe('78');
    expect((widget.screen.getByRole('link', { name: 'Contact support' }) as HTMLAnchorElement).href).toBe(`${server.api.url}/support`);
    await waitFor(() => expect(server.api.calls(verificationEndpoints.confirmVerifiedUrl).length).toBeGreaterThan(0));
    await settle();
    await waitFor(() => expect(window.location.search).toBe(''));
    timers.advance(2999);
    expect(widget.screen.queryByText('Verified email success !')).toBeNull();
    timers.advance(1);
    await widget.screen.findByText('Verified email success !');
    timers.advance(2000);

    // Select apply type: both choices (INDIVIDUAL_REQUEST_PERMIT is on).
    await atStep(widget, 'enter-apply-type');
    expect(widget.title()).toBe('Are you applying as a contractor, or do-it-yourselfer?');
    expect(widget.progress()).toBe('85');
    expect(widget.screen.getByRole('button', { name: 'Do-It-Yourselfer' })).toBeTruthy();
    await click(widget, 'Contractor');

    // Company: Next only with a name and a chosen address.
    await atStep(widget, 'apply-contractor');
    expect(widget.title()).toBe('Tell us about your company');
    expect(widget.progress()).toBe('89');
    await type(widget.screen.getByLabelText('Company Name'), 'Lee Roofing');
    expect(widget.screen.queryByRole('button', { name: 'Next' })).toBeNull();
    const companyAddress = widget.screen.getByRole('combobox', { name: 'Company Address' });
    fireEvent.focusIn(companyAddress);
    fireEvent.input(companyAddress, { target: { value: 'Main' } });
    fireEvent.click(await widget.screen.findByRole('option', { name: '1 Main St, Los Angeles, CA 90012' }));
    await click(widget, 'Next');

    // The company notice: the tick box is required.
    await atStep(widget, 'important-notice');
    expect(widget.progress()).toBe('87');
    expect(widget.height()).toBe('820px');
    expect(widget.title()).toBe('Important notice');
    expect(widget.screen.getByText(/We are not City of Pasadena/)).toBeTruthy();
    await click(widget, 'Next');
    await widget.screen.findByText('Please check this box if you want to proceed');
    await click(widget, 'Back');
    await atStep(widget, 'apply-contractor');
    await click(widget, 'Next');
    await atStep(widget, 'important-notice');
    fireEvent.click(widget.screen.getByRole('checkbox'));
    await click(widget, 'Next');

    // Create password: the SPEC's messages, show/hide, then the account and the form.
    await atStep(widget, 'create-password');
    expect(widget.title()).toBe('Create a password.');
    expect(widget.progress()).toBe('95');
    const password = widget.screen.getByLabelText('Password') as HTMLInputElement;
    await type(password, 'short');
    await widget.screen.findByText('Password longer than 7 characters');
    expect(password.type).toBe('password');
    await click(widget, /Show/);
    await waitFor(() => expect(password.type).toBe('text'));
    await type(password, 'a-good-password');
    await click(widget, 'Create Account');

    await atStep(widget, 'permit-form');
    expect(widget.title()).toBe('City of Pasadena Roofing: re-roof Application');
    const customer = (await widget.screen.findByLabelText('Customer Name')) as HTMLInputElement;
    expect(customer.value).toBe('Pat Builder');
    expect((widget.screen.getByLabelText('Job Site Address') as HTMLInputElement).value).toBe('100 N Garfield Ave, Pasadena, CA 91101');
    expect(server.accounts.get('jordan.lee@roofers.example')).toBeTruthy();
    const created = server.api.calls({ method: 'POST', path: '/create-user-app' } as never)[0]!;
    expect(created.body).toMatchObject({ companyName: 'Lee Roofing', companyAddress: '1 Main St, Los Angeles, CA 90012', phoneNumber: '+16265550123' });

    // Submit: bad input first, then the permit request and the success page.
    await type(widget.screen.getByLabelText('Description of Work'), '');
    await click(widget, 'Request Permit');
    await widget.screen.findByText('Description of Work is required.');
    await type(widget.screen.getByLabelText('Description of Work'), 'Tear off and re-roof, 24 squares.');
    await type(widget.screen.getByLabelText('Job Value'), '$18,500');
    const submitted = new Promise<SubmittedDetail>((resolve) =>
      widget!.host.addEventListener('permit-lookup:submitted', (event) => {
        event.preventDefault(); // stay on the page in the test
        resolve((event as CustomEvent<SubmittedDetail>).detail);
      }),
    );
    await click(widget, 'Request Permit');
    const detail = await submitted;
    // The page is not the PermitDesk site: the link carries a handoff code asked for with the user's token.
    expect(detail).toEqual({
      session: 'sess-7f3a',
      permitId: 88,
      projectId: 61,
      successUrl: `${server.api.url}/success?type=APPLY_FOR_PROJECT_PERMIT&session=sess-7f3a&handoff=${HANDOFF_CODE}`,
    });
    const handoff = server.api.calls(identityEndpoints.createHandoff);
    expect(handoff.map((call) => [call.headers.authorization, call.body])).toEqual([['Bearer access-token', { audience: server.api.url }]]);
    const body = server.api.calls(formEndpoints.submit)[0]!.body as { answers: Record<string, unknown> };
    expect(body.answers).toMatchObject({ DescriptionOfWork: 'Tear off and re-roof, 24 squares.', JobValue: 18500, ContactPhoneNumber: '+16265550100' });
    // Each tracked step (SPEC §2.10) went to the funnel once, by sendBeacon, with one anonymous session.
    await vi.waitFor(() => expect(server.api.calls(funnelEndpoints.record).map((call) => (call.body as { step: string }).step)).toContain('success-page'));
    const events = server.api.calls(funnelEndpoints.record).map((call) => call.body as { step: string; session: string; fromURL: string });
    expect(events.map((event) => event.step)).toEqual(['contractor', 'sign-up', 'permit-started', 'success-page']);
    expect(new Set(events.map((event) => event.session)).size).toBe(1);
    expect(events[0]!.fromURL).toBe(globalThis.location.origin);
  });
});

describe('a do-it-yourselfer', () => {
  it('gets the DIY notice (720 px) and then creates a password', async () => {
    const { widget: w, timers } = await startVerifiedReturn('sam@home.example');
    timers.advance(5000);
    await atStep(w, 'enter-apply-type');
    await click(w, 'Do-It-Yourselfer');
    await atStep(w, 'important-notice');
    expect(w.height()).toBe('720px');
    expect(w.title()).toBe('Important notice for do-it-yourselfers');
    await click(w, 'Back');
    await atStep(w, 'enter-apply-type');
    await click(w, 'Do-It-Yourselfer');
    await atStep(w, 'important-notice');
    fireEvent.click(w.screen.getByRole('checkbox'));
    await click(w, 'Next');
    await atStep(w, 'create-password');
    await click(w, 'Back');
    await atStep(w, 'important-notice');
  });

  it('is not offered when INDIVIDUAL_REQUEST_PERMIT is off', async () => {
    server.settings = DEFAULT_SETTINGS.map((s) => (s.settingKey === 'INDIVIDUAL_REQUEST_PERMIT' ? { ...s, value: 'false' } : s));
    const { widget: w, timers } = await startVerifiedReturn('alex@home.example');
    timers.advance(5000);
    await atStep(w, 'enter-apply-type');
    expect(w.screen.getByRole('button', { name: 'Contractor' })).toBeTruthy();
    expect(w.screen.queryByRole('button', { name: 'Do-It-Yourselfer' })).toBeNull();
  });
});

describe('an existing user', () => {
  it('signs in, resets a forgotten password with the mailed code, and reaches the form', async () => {
    widget = await renderWidget(server.api.url);
    await chooseAddress(widget);
    await chooseTask(widget);
    await enterNamePhone(widget);
    await validateEmail(widget, 'pat@builder.example');

    await atStep(widget, 'enter-password');
    expect(widget.title()).toBe('Enter your password.');
    expect(widget.progress()).toBe('97');
    await type(widget.screen.getByLabelText('Password'), 'wrong-password');
    await click(widget, 'Sign In');
    await widget.screen.findByText('Incorrect password');

    await click(widget, 'forgot password?');
    await atStep(widget, 'reset-password');
    expect(widget.title()).toBe('Reset Your Password.');
    expect(widget.progress()).toBe('82');
    await widget.screen.findByText('Password reset instruction was sent to your email!');
    await type(widget.screen.getByLabelText('Verification Code'), '12');
    await type(widget.screen.getByLabelText('New Password'), 'short');
    await click(widget, 'Save');
    await widget.screen.findByText('Invalid format, valid formats must be 6 digits.');
    expect(widget.screen.getByText('Password longer than 7 characters.')).toBeTruthy();
    await type(widget.screen.getByLabelText('Verification Code'), '111111');
    await type(widget.screen.getByLabelText('New Password'), 'brand-new-password');
    await click(widget, 'Save');
    await widget.screen.findByText('Invalid verification code provided, please try again.');
    await type(widget.screen.getByLabelText('Verification Code'), '654321');
    await click(widget, 'Save');

    await atStep(widget, 'enter-password');
    await type(widget.screen.getByLabelText('Password'), 'brand-new-password');
    await click(widget, 'Sign In');
    await atStep(widget, 'permit-form');
  });

  it('finds Customer Name filled with the customer the host knows (a platform project) when the entry has none', async () => {
    server.entry = { CustomerName: '' };
    server.accounts.get('pat@builder.example')!.password = 'correct-horse';
    widget = await renderWidget(server.api.url, { start: { customerName: 'Dana Whitfield' } });
    await chooseAddress(widget);
    await chooseTask(widget);
    await enterNamePhone(widget);
    await validateEmail(widget, 'pat@builder.example');
    await atStep(widget, 'enter-password');
    await type(widget.screen.getByLabelText('Password'), 'correct-horse');
    await click(widget, 'Sign In');
    await atStep(widget, 'permit-form');
    expect(((await widget.screen.findByLabelText('Customer Name')) as HTMLInputElement).value).toBe('Dana Whitfield');
  });

  it('goes back from the password to the e-mail, and from the e-mail to name and phone', async () => {
    widget = await renderWidget(server.api.url);
    await chooseAddress(widget);
    await chooseTask(widget);
    await enterNamePhone(widget);
    await validateEmail(widget, 'pat@builder.example');
    await atStep(widget, 'enter-password');
    await click(widget, 'Back');
    await atStep(widget, 'enter-email');
    await click(widget, 'Back');
    await atStep(widget, 'enter-name-phone-number');
    await click(widget, 'Back');
    await atStep(widget, 'select-task');
  });
});

describe('e-mail refusals', () => {
  it("shows 'Your email is disposable' and offers another address", async () => {
    widget = await renderWidget(server.api.url);
    await chooseAddress(widget);
    await chooseTask(widget);
    await enterNamePhone(widget);
    await validateEmail(widget, 'someone@mailinator.com');
    await widget.screen.findByText('Your email is disposable');
    const another = await widget.screen.findByRole('button', { name: 'Enter another email' });
    await waitFor(() => expect((another as HTMLButtonElement).disabled).toBe(false));
    await click(widget, 'Enter another email');
    await waitFor(() => expect((widget!.screen.getByRole('textbox', { name: 'Email Address' }) as HTMLInputElement).value).toBe(''));
    await widget.screen.findByRole('button', { name: 'Validate Email' });
  });
});

describe('closing', () => {
  it('closes on Escape and fires permit-lookup:closed with the view', async () => {
    widget = await renderWidget(server.api.url);
    const closed = new Promise<unknown>((resolve) => widget!.host.addEventListener('permit-lookup:closed', (e) => resolve((e as CustomEvent).detail)));
    fireEvent.keyDown(widget.dialog()!, { key: 'Escape' });
    expect(await closed).toEqual({ view: 'lookup' });
    expect(widget.host.getAttribute('state')).toBe('closed');
    expect(widget.dialog()).toBeNull();
  });
});
