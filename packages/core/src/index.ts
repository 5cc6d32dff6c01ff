// @permitdesk/core, the contract: one home for what server, widget and dashboard share (schemas, the
// endpoint catalogue, the rules and the SPEC's messages). It runs anywhere: no ky, no zustand, nothing
// from client/ (that is @permitdesk/core/client, for browsers).
export * from './schemas/index.js';
export * from './rules/messages.js';
export * from './rules/request-messages.js';
export * from './rules/flow-messages.js';
export * from './rules/validation.js';
export * from './api/index.js';
export * from './api/session-mode.js';
export * from './rules/timings.js';
export * from './rules/uploads.js';
export * from './rules/stages.js';
export * from './rules/settings.js';
export * from './rules/tours.js';
export * from './rules/permit-status.js';
export * from './rules/permit-progress.js';
export * from './rules/invitations.js';
export * from './rules/roles.js';
export * from './rules/compliance.js';
export * from './rules/assignments.js';
export * from './rules/formats.js';
export * from './rules/search.js';
export * from './rules/form-answers.js';
export * from './rules/quotes.js';
export * from './rules/form-definitions.js';
export * from './rules/stage-templates.js';
export * from './rules/audit-words.js';
export * from './rules/compliance-links.js';
export * from './rules/esign.js';
export * from './rules/status-page.js';
export * from './rules/reminders.js';
export * from './rules/gate.js';
export * from './rules/funnel-steps.js';
