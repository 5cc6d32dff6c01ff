// The login-or-signup steps (SPEC §2.5 step 3) in each state: empty, filled, invalid, busy, error.
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

function NamePhone({ name, phone, invalid }: { name: string; phone: string; invalid?: boolean }) {
  const [fullName, setFullName] = useValue(name);
  const [tel, setTel] = useValue(phone);
  const valid = fullName.trim() !== '' && /^\+1 \([2-9]\d\d\) \d{3}-\d{4}/.test(tel);
  return (
    <Step step="enter-name-phone-number" context={{ fullName, phone: tel }}>
      <NamePhoneStep fullName={fullName} phone={tel} onFullName={setFullName} onPhone={setTel} showNext={valid} onBack={noop} onNext={noop} showErrors={invalid} />
    </Step>
  );
}

type EmailState = 'empty' | 'invalid' | 'checking' | 'sent' | 'rejected' | 'exists';
function Email({ state }: { state: EmailState }) {
  const [email, setEmail] = useValue(state === 'empty' ? '' : state === 'invalid' ? 'jordan@' : state === 'rejected' ? 'someone@mailinator.com' : 'jordan@leeroofing.example');
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

function Password({ kind, state }: { kind: 'create' | 'enter'; state: 'empty' | 'invalid' | 'busy' | 'error' }) {
  const [password, setPassword] = useValue(state === 'invalid' ? 'short' : state === 'empty' ? '' : 'a-good-password');
  const busy = state === 'busy';
  return kind === 'create' ? (
    <Step step="create-password">
      <CreatePasswordStep password={password} onPassword={setPassword} busy={busy} error={state === 'error' ? 'User signup failure ! Create account failed' : null} onBack={noop} onSubmit={noop} showErrors={state === 'invalid'} />
    </Step>
  ) : (
    <Step step="enter-password">
      <EnterPasswordStep
        email="jordan@leeroofing.example"
        password={password}
        onPassword={setPassword}
        busy={busy}
        message={state === 'error' ? alert('error', 'Incorrect password', 'Login Failed') : null}
        onForgot={noop}
        onBack={noop}
        onSubmit={noop}
        showErrors={state === 'invalid'}
      />
    </Step>
  );
}

function Reset({ state }: { state: 'sent' | 'invalid' | 'error' }) {
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

function Company({ filled }: { filled: boolean }) {
  const [name, setName] = useValue(filled ? 'Lee Roofing' : '');
  const [address, setAddress] = useValue(filled ? ADDRESSES[1]! : null);
  const [line2, setLine2] = useValue(filled ? 'Suite 200' : '');
  return (
    <Step step="apply-contractor" context={{ companyName: name, companyAddress: address }}>
      <CompanyStep companyName={name} onCompanyName={setName} search={search} companyAddress={address} onCompanyAddress={setAddress} line2={line2} onLine2={setLine2} showNext={name.trim() !== '' && address !== null} onBack={noop} onNext={noop} />
    </Step>
  );
}

function Notice({ kind, error }: { kind: 'company' | 'doItYourself'; error?: boolean }) {
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

function Verify({ state }: { state: 'verifying' | 'verified' | 'failed' }) {
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
type Story = StoryObj;

export const NamePhoneEmpty: Story = { render: () => <NamePhone name="" phone="" /> };
export const NamePhoneFilled: Story = { render: () => <NamePhone name="Jordan Lee" phone="+1 (626) 555-0123" /> };
export const NamePhoneInvalid: Story = { render: () => <NamePhone name="   " phone="+1 (026) 555-0123" invalid /> };
export const EmailEmpty: Story = { render: () => <Email state="empty" /> };
export const EmailInvalid: Story = { render: () => <Email state="invalid" /> };
export const EmailChecking: Story = { render: () => <Email state="checking" /> };
export const EmailSent: Story = { render: () => <Email state="sent" /> };
export const EmailRejected: Story = { render: () => <Email state="rejected" /> };
export const EmailAccountExists: Story = { render: () => <Email state="exists" /> };
export const VerifyEmailWaiting: Story = { render: () => <Verify state="verifying" /> };
export const VerifyEmailVerified: Story = { render: () => <Verify state="verified" /> };
export const VerifyEmailFailed: Story = { render: () => <Verify state="failed" /> };
export const ApplyTypeWithDiy: Story = { render: () => <ApplyType diy /> };
export const ApplyTypeWithoutDiy: Story = { render: () => <ApplyType diy={false} /> };
export const CompanyEmpty: Story = { render: () => <Company filled={false} /> };
export const CompanyFilled: Story = { render: () => <Company filled /> };
export const NoticeCompany: Story = { render: () => <Notice kind="company" /> };
export const NoticeDoItYourself: Story = { render: () => <Notice kind="doItYourself" /> };
export const NoticeUnchecked: Story = { render: () => <Notice kind="company" error /> };
export const CreatePasswordEmpty: Story = { render: () => <Password kind="create" state="empty" /> };
export const CreatePasswordInvalid: Story = { render: () => <Password kind="create" state="invalid" /> };
export const CreatePasswordCreating: Story = { render: () => <Password kind="create" state="busy" /> };
export const CreatePasswordError: Story = { render: () => <Password kind="create" state="error" /> };
export const EnterPasswordEmpty: Story = { render: () => <Password kind="enter" state="empty" /> };
export const EnterPasswordSigningIn: Story = { render: () => <Password kind="enter" state="busy" /> };
export const EnterPasswordIncorrect: Story = { render: () => <Password kind="enter" state="error" /> };
export const ResetPasswordCodeSent: Story = { render: () => <Reset state="sent" /> };
export const ResetPasswordInvalid: Story = { render: () => <Reset state="invalid" /> };
export const ResetPasswordServiceError: Story = { render: () => <Reset state="error" /> };
