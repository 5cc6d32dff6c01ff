// Account self-service (issue 18): two-step sign-in, sign out of all devices, the export of one's data and
// the deletion of the account. Served under `endpoints.account`; kept apart from accountEndpoints so the
// widget, which needs only account creation, does not carry them.
import { okSchema } from '../schemas/common.js';
import {
  accountExportSchema,
  deleteAccountSchema,
  deletionCheckSchema,
  recoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../schemas/account.js';
import { endpoint } from './endpoint.js';

export const accountSelfServiceEndpoints = {
  twoFactorStatus: endpoint({
    method: 'GET', path: '/v4/account/two-factor', auth: 'bearer', summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
    response: twoFactorStatusSchema,
  }),
  startTwoFactor: endpoint({
    method: 'POST', path: '/v4/account/two-factor/setup', auth: 'bearer',
    summary: 'Start the set-up of two-step sign-in: a new secret with its QR code (not on until confirmed)',
    response: twoFactorSetupSchema,
  }),
  confirmTwoFactor: endpoint({
    method: 'POST', path: '/v4/account/two-factor/confirm', auth: 'bearer',
    summary: 'Turn two-step sign-in on with a code of the app; answers the ten recovery codes, shown once',
    body: twoFactorConfirmSchema, response: recoveryCodesSchema,
  }),
  disableTwoFactor: endpoint({
    method: 'POST', path: '/v4/account/two-factor/disable', auth: 'bearer', summary: 'Turn two-step sign-in off (password and a code)',
    body: twoFactorDisableSchema, response: okSchema,
  }),
  signOutEverywhere: endpoint({
    method: 'POST', path: '/v4/account/sign-out-everywhere', auth: 'bearer',
    summary: 'End every session of the signed-in user on every device (this one too)',
    response: okSchema,
  }),
  exportData: endpoint({
    method: 'GET', path: '/v4/account/export', auth: 'bearer', summary: 'Everything the signed-in user owns, as JSON',
    response: accountExportSchema,
  }),
  deletionCheck: endpoint({
    method: 'GET', path: '/v4/account/deletion', auth: 'bearer', summary: 'What deleting the account would do, and the companies that block it',
    response: deletionCheckSchema,
  }),
  deleteAccount: endpoint({
    method: 'POST', path: '/v4/account/delete', auth: 'bearer',
    summary: 'Delete the signed-in account (password confirmation); refused while the user is the only owner of a company',
    body: deleteAccountSchema, response: okSchema,
  }),
} as const;
