// The form stage (SPEC §2.5): a signed-in user asks for the permit form, then submits it.
import type { StageKit } from './stage-kit.js';

export interface FormStageActions {
  requestForm(): void;
  formSubmitted(): void;
}

export function formStage({ send }: StageKit): FormStageActions {
  return {
    requestForm: () => send({ type: 'REQUEST_FORM' }),
    formSubmitted: () => send({ type: 'FORM_SUBMITTED' }),
  };
}
