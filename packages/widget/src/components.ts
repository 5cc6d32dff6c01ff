// The widget's components, one by one, for Storybook and design review (not part of the ESM entry:
// partners use mount() or the element). Each is the real component the modal draws.
import mapCss from './styles/us-map.css?raw';
import stepsCss from './styles/steps.css?raw';
import widgetCss from './styles/widget.css?raw';

/** Every stylesheet the modal adopts, in order. */
export const WIDGET_STYLESHEETS: readonly string[] = [widgetCss, stepsCss, mapCss];

export { ModalShell, type ModalShellProps } from './modal/modal-shell.js';
export { screenOf, type Screen } from './modal/screen.js';
export { FlowAlertView } from './modal/flow-alert.js';
export { AddressStep, AddressAside, servedLine, type AddressStepProps } from './steps/address-step.js';
export { AddressDetail } from './address/address-detail.js';
export { AddressSearchBox } from './address/address-search-box.js';
export { ADDRESS_MESSAGES } from './address/address-messages.js';
export { TaskStep, MunicipalityAside, cutoffTime } from './steps/task-step.js';
export { NamePhoneStep } from './steps/name-phone-step.js';
export { EmailStep } from './steps/email-step.js';
export type { FlowMessage } from './ui/alert.js';
export { VerifyCodeForm } from './steps/verify-code-form.js';
export { VerifyEmailStep } from './steps/verify-email-step.js';
export { ApplyTypeStep } from './steps/apply-type-step.js';
export { CompanyStep } from './steps/company-step.js';
export { NoticeStep } from './steps/notice-step.js';
export { CreatePasswordStep } from './steps/create-password-step.js';
export { EnterPasswordStep } from './steps/enter-password-step.js';
export { ResetPasswordStep } from './steps/reset-password-step.js';
export { FormStep, NOT_THE_MUNICIPALITY } from './steps/form-step.js';
export { FormRenderer } from './form-engine/form-renderer.js';
export { UsMap } from './map/us-map.js';
export { themeVariable, type WidgetTheme } from './types.js';
// The flow state the steps draw, for stories that set a step up by hand.
export { at, initialFlowState, type FlowContext, type FlowStep } from './flow/index.js';
