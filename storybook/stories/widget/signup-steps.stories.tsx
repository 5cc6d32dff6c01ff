// The login-or-signup steps (SPEC §2.5 step 3) in each state: empty, filled, invalid, busy, error;
// each step's texts and states are args with controls.
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FlowStep } from '@permitdesk/widget/components';
import {
  ApplyTypeStep,
  CompanyStep,
  CreatePasswordStep,
  EmailStep,
  EnterPasswordStep,
  FlowAlertView,
  NamePhoneStep,
  NoticeStep,
  ResetPasswordStep,
  VerifyCodeForm,
  VerifyEmailStep,
  type FlowMessage,
} from '@permitdesk/widget/components';
import { ADDRESSES, CHOSEN, COMPANY_WALL, DIY_WALL, Frame, search } from './fixtures.js';
import { MunicipalitySide, useValue } from './story-kit.js';

const noop = () => undefined;
const api = 'https://permits.example.com';
const alert = (type: FlowMessage['kind'], message: string, title?: string, link?: string): FlowMessage => ({
  kind: type,
  text: <FlowAlertView apiBase={api} alert={{ type, message, ...(title ? { title } : {}), ...(link ? { link } : {}) }} />,
});

function Step({ step, context = {}, children }: { step: FlowStep; context?: object; children: React.ReactNode }) {
  return (
    <Frame step={step} context={{ ...CHOSEN, ...context }} aside={<MunicipalitySide context={CHOSEN} />}>
      {children}
    </Frame>
  );
}

function NamePhone({ name, phone, invalid = false }: { name: string; phone: string; invalid?: boolean }) {
  const [fullName, setFullName] = useValue(name);
  const [tel, setTel] = useValue(phone);
  const valid = fullName.trim() !== '' && /^\+1 \([2-9]\d\d\) \d{3}-\d{4}/.test(tel);
  return (
    <Step step="enter-name-phone-number" context={{ fullName, phone: tel }}>
      <NamePhoneStep fullName={fullName} phone={tel} onFullName={setFullName} onPhone={setTel} showNext={valid} onBack={noop} onNext={noop} showErrors={invalid} />
    </Step>
  );
}

const EMAIL_STATES = ['empty', 'invalid', 'checking', 'sent', 'rejected', 'exists'] as const;
type EmailState = (typeof EMAIL_STATES)[number];
const EMAIL_TYPED: Record<EmailState, string> = {
  empty: '',
  invalid: 'jordan@',
  checking: 'jordan@leeroofing.example',
  sent: 'jordan@leeroofing.example',
  rejected: 'someone@mailinator.com',
  exists: 'jordan@leeroofing.example',
};
function Email({ state, email: typed = EMAIL_TYPED[state] }: { state: EmailState; email?: string }) {
  const [email, setEmail] = useValue(typed);
  const [code, setCode] = useValue('');
  const label = state === 'sent' ? 'Resend email' : state === 'rejected' ? 'Enter another email' : 'Validate Email';
  const message =
    state === 'sent'
      ? { kind: 'info' as const, text: `We sent a link to ${email}. Open it to verify your email, on this device or any other.` }
      : state === 'rejected'
        ? alert('error', 'Your email is disposable')
        : state === 'exists'
          ? alert('error', 'Account is existed with the email, back to the login page.', undefined, '/sign-in')
          : null;
  return (
    <Step step="enter-email" context={{ email }}>
      <EmailStep email={email} onEmail={setEmail} buttonLabel={label} checking={state === 'checking'} message={message} onSubmit={noop} onBack={noop} showErrors={state === 'invalid'} />
      {state === 'sent' ? <VerifyCodeForm code={code} onCode={setCode} busy={false} onVerify={noop} /> : null}
    </Step>
  );
}

const PASSWORD_STATES = ['empty', 'invalid', 'busy', 'error'] as const;
type PasswordArgs = { kind: 'create' | 'enter'; state: (typeof PASSWORD_STATES)[number]; errorText?: string };
function Password({ kind, state, errorText }: PasswordArgs) {
  const [password, setPassword] = useValue(state === 'invalid' ? 'short' : state === 'empty' ? '' : 'a-good-password');
  const busy = state === 'busy';
  return kind === 'create' ? (
    <Step step="create-password">
      <CreatePasswordStep
        password={password}
        onPassword={setPassword}
        busy={busy}
        error={state === 'error' ? (errorText ?? 'User signup failure ! Create account failed') : null}
        onBack={noop}
        onSubmit={noop}
        showErrors={state === 'invalid'}
      />
    </Step>
  ) : (
    <Step step="enter-password">
      <EnterPasswordStep
        email="jordan@leeroofing.example"
        password={password}
        onPassword={setPassword}
        busy={busy}
        message={state === 'error' ? alert('error', errorText ?? 'Incorrect password', 'Login Failed') : null}
        onForgot={noop}
        onBack={noop}
        onSubmit={noop}
        showErrors={state === 'invalid'}
      />
    </Step>
  );
}

const RESET_STATES = ['sent', 'invalid', 'error'] as const;
function Reset({ state }: { state: (typeof RESET_STATES)[number] }) {
  const [code, setCode] = useValue(state === 'invalid' ? '12' : state === 'error' ? '111111' : '');
  const [password, setPassword] = useValue(state === 'invalid' ? 'short' : state === 'error' ? 'brand-new-password' : '');
  const message =
    state === 'sent'
      ? alert('success', 'Password reset instruction was sent to your email!', 'Forgot password successfully!')
      : state === 'error'
        ? alert('error', 'Invalid verification code provided, please try again.')
        : null;
  return (
    <Step step="reset-password">
      <ResetPasswordStep code={code} onCode={setCode} newPassword={password} onNewPassword={setPassword} busy={false} message={message} onBack={noop} onSave={noop} showErrors={state === 'invalid'} />
    </Step>
  );
}

function Company({ companyName, officeChosen, suite }: { companyName: string; officeChosen: boolean; suite: string }) {
  const [name, setName] = useValue(companyName);
  const [address, setAddress] = useValue(officeChosen ? ADDRESSES[1]! : null);
  const [line2, setLine2] = useValue(suite);
  return (
    <Step step="apply-contractor" context={{ companyName: name, companyAddress: address }}>
      <CompanyStep companyName={name} onCompanyName={setName} search={search} companyAddress={address} onCompanyAddress={setAddress} line2={line2} onLine2={setLine2} showNext={name.trim() !== '' && address !== null} onBack={noop} onNext={noop} />
    </Step>
  );
}

const NOTICE_KINDS = ['company', 'doItYourself'] as const;
function Notice({ kind, error = false }: { kind: (typeof NOTICE_KINDS)[number]; error?: boolean }) {
  const [accepted, setAccepted] = useValue(false);
  return (
    <Step step="important-notice" context={{ noticeFor: kind, companyName: kind === 'company' ? 'Lee Roofing' : '' }}>
      <NoticeStep
        wall={kind === 'company' ? COMPANY_WALL : DIY_WALL}
        accepted={accepted}
        onAccepted={setAccepted}
        error={error && !accepted ? 'Please check this box if you want to proceed' : null}
        contactUrl={`${api}/support`}
        onBack={noop}
        onNext={noop}
      />
    </Step>
  );
}

const VERIFY_STATES = ['verifying', 'verified', 'failed'] as const;
function Verify({ state }: { state: (typeof VERIFY_STATES)[number] }) {
  const message = state === 'verified' ? alert('success', 'Verified email success !') : state === 'failed' ? alert('error', 'Cornfirm Verify URL from mailbox failure !') : null;
  return (
    <Step step="verify-email">
      <VerifyEmailStep message={message} supportUrl={`${api}/support`} />
    </Step>
  );
}

function ApplyType({ diy }: { diy: boolean }) {
  return (
    <Step step="enter-apply-type" context={{ settings: { diyAllowed: diy, companyNoticeOn: true, diyNoticeOn: true, companyNotice: COMPANY_WALL, diyNotice: DIY_WALL } }}>
      <ApplyTypeStep allowDoItYourself={diy} onContractor={noop} onDoItYourself={noop} onBack={noop} />
    </Step>
  );
}

const meta: Meta = { title: 'Widget/3 Sign-up steps' };
export default meta;

// Each step's stories share its args and controls; a story is the step at one set of args.
const namePhone = {
  render: (args) => <NamePhone {...args} />,
  argTypes: {
    name: { control: 'text', description: 'Full Name as typed' },
    phone: { control: 'text', description: 'Phone Number as typed' },
    invalid: { control: 'boolean', description: 'Show the field errors (after Next with invalid values)' },
  },
} satisfies StoryObj<typeof NamePhone>;
export const NamePhoneEmpty: StoryObj<typeof NamePhone> = { ...namePhone, args: { name: '', phone: '' } };
export const NamePhoneFilled: StoryObj<typeof NamePhone> = { ...namePhone, args: { name: 'Jordan Lee', phone: '+1 (626) 555-0123' } };
export const NamePhoneInvalid: StoryObj<typeof NamePhone> = { ...namePhone, args: { name: '   ', phone: '+1 (026) 555-0123', invalid: true } };

const email = {
  render: (args) => <Email {...args} />,
  argTypes: {
    state: { control: 'select', options: EMAIL_STATES, description: 'Empty, invalid, checking, link sent, disposable address refused, or an existing account' },
    email: { control: 'text', description: 'The address as typed (defaults to one fitting the state)' },
  },
} satisfies StoryObj<typeof Email>;
export const EmailEmpty: StoryObj<typeof Email> = { ...email, args: { state: 'empty' } };
export const EmailInvalid: StoryObj<typeof Email> = { ...email, args: { state: 'invalid' } };
export const EmailChecking: StoryObj<typeof Email> = { ...email, args: { state: 'checking' } };
export const EmailSent: StoryObj<typeof Email> = { ...email, args: { state: 'sent' } };
export const EmailRejected: StoryObj<typeof Email> = { ...email, args: { state: 'rejected' } };
export const EmailAccountExists: StoryObj<typeof Email> = { ...email, args: { state: 'exists' } };

const verify = {
  render: (args) => <Verify {...args} />,
  argTypes: { state: { control: 'select', options: VERIFY_STATES, description: 'Waiting for the link, verified, or failed' } },
} satisfies StoryObj<typeof Verify>;
export const VerifyEmailWaiting: StoryObj<typeof Verify> = { ...verify, args: { state: 'verifying' } };
export const VerifyEmailVerified: StoryObj<typeof Verify> = { ...verify, args: { state: 'verified' } };
export const VerifyEmailFailed: StoryObj<typeof Verify> = { ...verify, args: { state: 'failed' } };

const applyType = {
  render: (args) => <ApplyType {...args} />,
  argTypes: { diy: { control: 'boolean', description: "The municipality allows 'Do It Yourself'" } },
} satisfies StoryObj<typeof ApplyType>;
export const ApplyTypeWithDiy: StoryObj<typeof ApplyType> = { ...applyType, args: { diy: true } };
export const ApplyTypeWithoutDiy: StoryObj<typeof ApplyType> = { ...applyType, args: { diy: false } };

const company = {
  render: (args) => <Company {...args} />,
  argTypes: {
    companyName: { control: 'text', description: 'Company Name as typed' },
    officeChosen: { control: 'boolean', description: 'An office address is chosen' },
    suite: { control: 'text', description: 'The address line 2' },
  },
} satisfies StoryObj<typeof Company>;
export const CompanyEmpty: StoryObj<typeof Company> = { ...company, args: { companyName: '', officeChosen: false, suite: '' } };
export const CompanyFilled: StoryObj<typeof Company> = { ...company, args: { companyName: 'Lee Roofing', officeChosen: true, suite: 'Suite 200' } };

const notice = {
  render: (args) => <Notice {...args} />,
  argTypes: {
    kind: { control: 'select', options: NOTICE_KINDS, description: "The contractor's or the homeowner's notice wall" },
    error: { control: 'boolean', description: 'Next was pressed without the box checked' },
  },
} satisfies StoryObj<typeof Notice>;
export const NoticeCompany: StoryObj<typeof Notice> = { ...notice, args: { kind: 'company' } };
export const NoticeDoItYourself: StoryObj<typeof Notice> = { ...notice, args: { kind: 'doItYourself' } };
export const NoticeUnchecked: StoryObj<typeof Notice> = { ...notice, args: { kind: 'company', error: true } };

const password = {
  render: (args) => <Password {...args} />,
  argTypes: {
    kind: { control: 'select', options: ['create', 'enter'], description: 'Create a password (new account) or enter it (sign in)' },
    state: { control: 'select', options: PASSWORD_STATES, description: 'Empty, invalid, busy, or refused by the server' },
    errorText: { control: 'text', description: "The server's message (state error)" },
  },
} satisfies StoryObj<typeof Password>;
export const CreatePasswordEmpty: StoryObj<typeof Password> = { ...password, args: { kind: 'create', state: 'empty' } };
export const CreatePasswordInvalid: StoryObj<typeof Password> = { ...password, args: { kind: 'create', state: 'invalid' } };
export const CreatePasswordCreating: StoryObj<typeof Password> = { ...password, args: { kind: 'create', state: 'busy' } };
export const CreatePasswordError: StoryObj<typeof Password> = { ...password, args: { kind: 'create', state: 'error' } };
export const EnterPasswordEmpty: StoryObj<typeof Password> = { ...password, args: { kind: 'enter', state: 'empty' } };
export const EnterPasswordSigningIn: StoryObj<typeof Password> = { ...password, args: { kind: 'enter', state: 'busy' } };
export const EnterPasswordIncorrect: StoryObj<typeof Password> = { ...password, args: { kind: 'enter', state: 'error' } };

const reset = {
  render: (args) => <Reset {...args} />,
  argTypes: { state: { control: 'select', options: RESET_STATES, description: 'Code sent, invalid values, or the code refused' } },
} satisfies StoryObj<typeof Reset>;
export const ResetPasswordCodeSent: StoryObj<typeof Reset> = { ...reset, args: { state: 'sent' } };
export const ResetPasswordInvalid: StoryObj<typeof Reset> = { ...reset, args: { state: 'invalid' } };
export const ResetPasswordServiceError: StoryObj<typeof Reset> = { ...reset, args: { state: 'error' } };
