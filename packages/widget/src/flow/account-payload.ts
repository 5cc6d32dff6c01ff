// The account creation payload of POST /create-user-app (SPEC §3), built from the flow's context.
import {
  toE164Phone,
  splitFullName,
  type AccountCreationPayload,
  type RegistrationInput,
  type AddressSearchResult,
} from '@permitdesk/core';
import { CONTRACTOR, type FlowContext } from './state.js';

/** A chosen address as one line, with its optional second line. */
export const addressLine = (address: AddressSearchResult | null, line2: string): string | null =>
  address ? [address.place_name, line2.trim()].filter(Boolean).join(', ') : null;

export function accountCreationPayload(c: FlowContext, password: string, fromUrl: string | null): AccountCreationPayload {
  const contractor = c.applicantType === CONTRACTOR && c.companyName.trim() !== '';
  return {
    email: c.email,
    fullName: c.fullName.trim(),
    password,
    ...splitFullName(c.fullName),
    phoneNumber: toE164Phone(c.phone) ?? c.phone,
    companyName: contractor ? c.companyName.trim() : null,
    companyAddress: contractor ? addressLine(c.companyAddress, c.companyAddressLine2) : null,
    fromURLCreateCompany: contractor ? fromUrl : null,
    ...(c.totp ? { totp: c.totp } : {}),
  };
}

/** The registration input the session keeps as signUpData (SPEC §3). */
export function registrationInput(payload: AccountCreationPayload): RegistrationInput {
  return {
    email: payload.email,
    phoneNumber: payload.phoneNumber,
    firstName: payload.firstName,
    familyName: payload.lastName,
    fullname: payload.fullName,
    ...(payload.companyName ? { companyName: payload.companyName } : {}),
    ...(payload.companyAddress ? { companyAddress: payload.companyAddress } : {}),
    ...(payload.fromURLCreateCompany ? { fromURLCreateCompany: payload.fromURLCreateCompany } : {}),
  };
}
