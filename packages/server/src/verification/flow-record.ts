// How a signup_flows row leaves the server (SPEC §3 Signup flow record), and the mailed link.
import type { SignupFlowRecord, SignupFlowState } from '@permitdesk/core';
import type { FlowRow } from './flow-store.js';

/** Before the widget saves its state, the record still answers with what the server knows. */
const initialState = (flow: FlowRow): SignupFlowState => ({
  backupAddressObj: null,
  backupSelectedTaskObj: null,
  backupAddressTwo: null,
  email: flow.email,
  fullName: flow.first_name ?? '',
  phoneNumber: '',
  startWithRoles: null,
  isTurnOnNotificationWallDoItYourself: false,
});

export const toRecord = (flow: FlowRow, key: string): SignupFlowRecord => ({
  id: flow.id,
  totp: key,
  signupFlow: flow.state ?? initialState(flow),
  verified: flow.verified_at !== null,
});

/**
 * The mailed link: always our own /verified page (never a caller's address: the token in it proves the
 * mailbox), with email, accepted=1 and the token (SPEC §2.5, §4.1). The sign-up goes on there; a partner
 * page the user started on is offered afterwards, without the token (see returnAddress).
 */
export function verificationLink(publicUrl: string, email: string, token: string): string {
  const url = new URL(`${publicUrl}/verified`);
  url.searchParams.set('email', email);
  url.searchParams.set('accepted', '1');
  url.searchParams.set('token', token);
  return url.href;
}
