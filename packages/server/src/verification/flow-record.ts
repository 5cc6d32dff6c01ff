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

/** The page the user started on, with email, accepted=1 and the token that proves the link (SPEC §2.5). */
export function verificationLink(location: string, email: string, token: string): string {
  const url = new URL(location);
  url.searchParams.set('email', email);
  url.searchParams.set('accepted', '1');
  url.searchParams.set('token', token);
  return url.href;
}
