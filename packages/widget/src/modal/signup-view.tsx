// The task step and every login-or-signup step (SPEC §2.5 steps 2–3), wired to core's flow controller.
// A lazily loaded chunk: fetched while the user is on the address step.
import { Suspense, useEffect, useState } from 'react';
import { buttons, emailButtonLabel, emailInputDisabled, noticeText } from '../flow/index.js';
import type { Task } from '@permitdesk/core';
import { AddressDetail, type AddressDetailProps } from '../address/address-detail.js';
import { ApplyTypeStep } from '../steps/apply-type-step.js';
import { CompanyStep } from '../steps/company-step.js';
import { CreatePasswordStep } from '../steps/create-password-step.js';
import { EmailStep } from '../steps/email-step.js';
import { EnterPasswordStep } from '../steps/enter-password-step.js';
import { NamePhoneStep } from '../steps/name-phone-step.js';
import { NoticeStep } from '../steps/notice-step.js';
import { ResetPasswordStep } from '../steps/reset-password-step.js';
import { MunicipalityAside, TaskStep } from '../steps/task-step.js';
import { VerifyEmailStep } from '../steps/verify-email-step.js';
import { VerifyCodeForm } from '../steps/verify-code-form.js';
import type { FlowMessage } from '../ui/alert.js';
import { StepForm } from '../ui/step-form.js';
import { TextField } from '../ui/text-field.js';
import { eager } from './eager.js';
import { FlowAlertContent, FlowAlertView } from './flow-alert.js';

export { FlowAlertView };
import { siteUrl } from './site-url.js';
import { Styled } from './styled.js';

export { adoptStepStyles } from './styled.js';
import type { ViewProps } from './view-props.js';

/** Whether a task matches what the host asked for: an id or a name. */
const matchesTask = (task: Task, wanted: string | number) =>
  String(task.id) === String(wanted) || task.name.toLowerCase() === String(wanted).toLowerCase();

/** Issue 18: only when the mailed link was opened away from the device that started (its own chunk). */
const HandBackOffer = eager(() => import('../steps/hand-back-offer.js').then((m) => m.HandBackOffer));

export function SignupBody(props: ViewProps) {
  // The flow screen draws again on every change of the store: its state is current here.
  const { handBack, handOver } = props.runtime.flow.getState();
  return (
    <Styled nonce={props.options.nonce}>
      <SignupStep {...props} />
      {handBack && props.flow.step !== 'permit-form' ? (
        <Suspense fallback={null}>
          <HandBackOffer onHandOver={handOver} />
        </Suspense>
      ) : null}
    </Styled>
  );
}

function SignupStep({ runtime, flow, alert, busy, options, start }: ViewProps) {
  const actions = runtime.flow.getState();
  const { context } = flow;
  const shown = buttons(flow);
  const alertView = <FlowAlertView alert={alert} apiBase={options.apiBase} />;
  const message: FlowMessage | null = alert ? { kind: alert.type, text: <FlowAlertContent alert={alert} apiBase={options.apiBase} /> } : null;
  const [tasks, setTasks] = useState<Task[]>([]);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  useEffect(() => {
    if (flow.step !== 'select-task' || tasks.length > 0) return;
    let live = true;
    runtime.tasks().then(
      (loaded) => {
        if (!live) return;
        setTasks(loaded);
        const wanted = start?.task;
        const preset = wanted === undefined ? undefined : loaded.find((task) => matchesTask(task, wanted));
        if (preset && !runtime.flow.getState().flow.context.task) actions.selectTask(preset);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [flow.step]);

  switch (flow.step) {
    case 'select-task':
      return (
        <>
          <TaskStep
            tasks={tasks}
            selected={context.task}
            onSelect={actions.selectTask}
            canNext={shown.next}
            onBack={actions.back}
            onNext={actions.next}
          />
          {alertView}
        </>
      );
    case 'enter-name-phone-number':
      return (
        <NamePhoneStep
          fullName={context.fullName}
          phone={context.phone}
          onFullName={(value) => actions.setField('fullName', value)}
          onPhone={(value) => actions.setField('phone', value)}
          showNext={shown.next}
          onBack={actions.back}
          onNext={actions.next}
        />
      );
    case 'enter-email': {
      const label = emailButtonLabel(flow) as 'Validate Email' | 'Resend email' | 'Enter another email';
      const sent = context.checkStatus === 'sent';
      return (
        <>
          <EmailStep
            email={context.email}
            onEmail={(value) => actions.setField('email', value)}
            buttonLabel={label}
            checking={emailInputDisabled(flow) || busy}
            message={
              message ??
              (sent ? { kind: 'info', text: `We sent a link to ${context.email}. Open it to verify your email, on this device or any other.` } : null)
            }
            onSubmit={() =>
              label === 'Resend email' ? actions.resendEmail() : label === 'Enter another email' ? actions.enterAnotherEmail() : actions.validateEmail()
            }
            onBack={actions.back}
          />
          {sent ? <VerifyCodeForm code={code} onCode={setCode} busy={busy} onVerify={() => actions.verifyCode(code)} /> : null}
        </>
      );
    }
    case 'verify-email':
      return <VerifyEmailStep message={message} supportUrl={siteUrl(options.apiBase, '/support')} />;
    case 'enter-apply-type':
      return (
        <>
          <ApplyTypeStep
            allowDoItYourself={shown.diy}
            onContractor={() => actions.chooseApplyType('Contractor')}
            onDoItYourself={() => actions.chooseApplyType('Do-It-Yourselfer')}
            onBack={actions.back}
          />
          {alertView}
        </>
      );
    case 'apply-contractor':
      return (
        <CompanyStep
          companyName={context.companyName}
          onCompanyName={actions.changeCompanyName}
          error={context.companyNameError}
          search={runtime.searchAddresses}
          companyAddress={context.companyAddress}
          onCompanyAddress={actions.selectCompanyAddress}
          line2={context.companyAddressLine2}
          onLine2={(value) => actions.setField('companyAddressLine2', value)}
          showNext={shown.next}
          onBack={actions.back}
          onNext={actions.next}
        />
      );
    case 'important-notice': {
      const wall = noticeText(flow);
      return wall ? (
        <NoticeStep
          wall={wall}
          accepted={context.noticeAccepted}
          onAccepted={actions.setNoticeAccepted}
          error={context.noticeError}
          contactUrl={siteUrl(options.apiBase, '/support')}
          onBack={actions.back}
          onNext={actions.next}
        />
      ) : null;
    }
    case 'create-password':
      return (
        <CreatePasswordStep
          password={password}
          onPassword={setPassword}
          busy={busy}
          error={alert?.type === 'error' ? (alert.title ? `${alert.title} ${alert.message}` : alert.message) : null}
          onBack={actions.back}
          onSubmit={() => actions.createPassword(password)}
        />
      );
    case 'enter-password':
      return (
        <EnterPasswordStep
          email={context.email}
          password={password}
          onPassword={setPassword}
          busy={busy}
          message={message}
          onForgot={actions.forgotPassword}
          onBack={actions.back}
          onSubmit={() => actions.signIn(password)}
        />
      );
    case 'reset-password':
      return (
        <ResetPasswordStep
          code={code}
          onCode={setCode}
          newPassword={password}
          onNewPassword={setPassword}
          busy={busy}
          message={message}
          onBack={actions.back}
          onSave={() => actions.resetPassword(code, password)}
        />
      );
    case 'enter-two-factor-code':
      return (
        // Two-step sign-in (issue 18): the app's 6-digit code or a recovery code; the server checks it.
        <StepForm onSubmit={() => actions.submitTwoFactor(code)} onBack={actions.back} submit="Verify" busy={busy} message={message}>
          <p className="pd-sub">{context.email}</p>
          <TextField label="Code from your authenticator app or a recovery code" autoComplete="one-time-code" value={code} onValue={setCode} disabled={busy} />
        </StepForm>
      );
    default:
      return null;
  }
}

/** The side panel after the address step: the map of the job site, the municipality, the choices so far. */
/** The side panel after the address step (the map above it is the flow screen's). */
export function SignupAside({ flow, options }: ViewProps) {
  const { context } = flow;
  return (
    <Styled nonce={options.nonce}>
      <MunicipalityAside municipality={context.municipality} />
      {context.address ? <p className="pd-sub">{[context.address.place_name, context.addressLine2].filter(Boolean).join(', ')}</p> : null}
      {flow.view !== 'task_selection' && context.task ? <p className="pd-sub">{context.task.name}</p> : null}
    </Styled>
  );
}

/** The chosen job-site address with its editable second line (shown on the address step once geocoded). */
export function AddressDetailView(props: AddressDetailProps & { nonce?: string }) {
  return (
    <Styled nonce={props.nonce}>
      <AddressDetail {...props} />
    </Styled>
  );
}
