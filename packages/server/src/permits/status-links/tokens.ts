// The status page's tokens (issue 16): the link's, a subscription's confirmation and its unsubscribe
// token, each 32 random bytes as base64url (43 characters, 256 bits). The database keeps their SHA-256,
// looked up by equality on unique indexes; a text of any other shape is answered like an unknown token.
import { createHash, randomBytes } from 'node:crypto';
import { STATUS_TOKEN_PATTERN } from '@permitdesk/core';

export const newStatusToken = (): string => randomBytes(32).toString('base64url');
export const hashStatusToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
export const isStatusTokenShaped = (token: string): boolean => STATUS_TOKEN_PATTERN.test(token);

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
/** The homeowner's page. */
export const statusPageUrl = (publicUrl: string, token: string): string => `${base(publicUrl)}/status/${token}`;
/** The confirmation mail's link: the page confirms with the second token. */
export const statusConfirmUrl = (publicUrl: string, token: string, confirmToken: string): string => `${statusPageUrl(publicUrl, token)}?confirm=${confirmToken}`;
/** The unsubscribe link of each update mail: a page that unsubscribes in one click, whatever the link's state. */
export const statusUnsubscribeUrl = (publicUrl: string, unsubscribeToken: string): string => `${base(publicUrl)}/status/unsubscribe/${unsubscribeToken}`;
/** RFC 8058's List-Unsubscribe target: the API call itself (POST, no body needed). */
export const statusUnsubscribePostUrl = (publicUrl: string, unsubscribeToken: string): string => `${base(publicUrl)}/v4/public/permit-status/unsubscribe/${unsubscribeToken}`;

/** The secret box purpose of the sealed unsubscribe tokens. */
export const UNSUBSCRIBE_BOX = 'status-unsubscribe';
