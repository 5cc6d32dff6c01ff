// Wiring of the sign-up verification endpoints, in SPEC §7.6 order.
import { endpoints } from '@permitdesk/core';
import type { App } from '../http/context.js';
import { registerEndpoint } from '../http/register.js';
import * as handlers from './verification.handlers.js';

export function registerVerificationRoutes(app: App): void {
  const e = endpoints.verification;
  registerEndpoint(app, e.checkEmail, handlers.checkEmail);
  registerEndpoint(app, e.checkExists, handlers.checkExists);
  registerEndpoint(app, e.verificationData, handlers.verificationData);
  registerEndpoint(app, e.sendVerifyMail, handlers.sendVerifyMail);
  registerEndpoint(app, e.saveVerification, handlers.saveVerification);
  registerEndpoint(app, e.saveSignupFlow, handlers.saveSignupFlow);
  registerEndpoint(app, e.getSignupFlow, handlers.getSignupFlow);
  registerEndpoint(app, e.updateSignupFlowTotp, handlers.updateSignupFlowTotp);
  registerEndpoint(app, e.deleteSignupFlow, handlers.deleteSignupFlow);
  registerEndpoint(app, e.confirmVerifiedUrl, handlers.confirmVerifiedUrl);
  registerEndpoint(app, e.verifyOtp, handlers.verifyOtp);
  registerEndpoint(app, e.signupFlowStatus, handlers.signupFlowStatus);
  registerEndpoint(app, e.handOverSignupFlow, handlers.handOverSignupFlow);
  registerEndpoint(app, e.userByEmail, handlers.userByEmail);
}
