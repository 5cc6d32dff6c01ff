// The conditions a step's Next button depends on (SPEC §2.5), shared by the machine and the selectors.
import { parsePhone } from '@permitdesk/core';
import type { FlowContext } from './state.js';

/** Name and phone: Next only when the full name is non-empty and the phone is valid. */
export const canContinueNamePhone = (c: FlowContext): boolean =>
  c.fullName.trim() !== '' && !('error' in parsePhone(c.phone));

/** Company: Next only when the company name (not known to be taken) and a selected company address are both present. */
export const canContinueCompany = (c: FlowContext): boolean => c.companyName.trim() !== '' && c.companyNameError === null && c.companyAddress !== null;

/** Address: Next once an address is chosen. */
export const canContinueAddress = (c: FlowContext): boolean => c.address !== null;

/** Task: Next once a task is chosen. */
export const canContinueTask = (c: FlowContext): boolean => c.task !== null;

/** The Do-It-Yourselfer button shows only if INDIVIDUAL_REQUEST_PERMIT allows it. */
export const isDiyOffered = (c: FlowContext): boolean => c.settings.diyAllowed;
