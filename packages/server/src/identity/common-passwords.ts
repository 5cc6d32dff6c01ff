// The most common breached passwords (about 49,000: zxcvbn-ts's common list, MIT, maintained) are
// refused wherever a password is chosen. The list stays on the server, loaded on first use; the
// browser bundles only carry the message, shown when the server answers with it.
import { MESSAGES } from '@permitdesk/core';
import { badRequest } from '../http/errors.js';

let common: Promise<Set<string>> | null = null;
const commonPasswords = (): Promise<Set<string>> =>
  (common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'])));

/** The list is lower-case: 'Password1' is as common as 'password1'. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/** 400 PASSWORD_TOO_COMMON with the message of core's rules. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw badRequest(MESSAGES.passwordTooCommon, 'PASSWORD_TOO_COMMON');
}
