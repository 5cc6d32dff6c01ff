// @permitdesk/core: one home for what server, widget and dashboard share.
export * from './schemas/index.js';
export * from './rules/messages.js';
export * from './rules/validation.js';
export * from './api/index.js';
export * from './rules/timings.js';
export * from './rules/stages.js';
export * from './rules/settings.js';
export * from './rules/permit-status.js';
export * from './rules/permit-progress.js';
export * from './rules/invitations.js';
export * from './rules/roles.js';
export * from './rules/assignments.js';
export * from './rules/formats.js';
export * from './rules/search.js';
export * from './client/index.js';
export * from './session/index.js';
export * from './flow/index.js';
