// E-signature envelopes (issue 13, part 2): limits, words and messages the server sends and the
// dashboard shows.
import type { EnvelopeStatus, SignerStatus } from '../schemas/esign.js';

export const ESIGN_LIMITS = {
  /** The PDF travels base64 in a JSON body (the server's 1 MB JSON limit). */
  pdfBytes: 700_000,
  signers: 10,
  expiryDays: 90,
  defaultExpiryDays: 14,
  /** Wrong passcodes before the envelope is locked for that signer. */
  passcodeAttempts: 5,
} as const;

export const ESIGN_MESSAGES = {
  signerName: 'Each signer needs a name.',
  signerEmail: 'Invalid email address.',
  title: 'The document needs a title.',
  notPdf: 'Only PDF documents can be sent for signature.',
  pdfTooLarge: 'The PDF is larger than 700,000 bytes.',
  pdfUnreadable: 'This file is not a PDF we can read.',
  noSigners: 'Add at least one signer.',
  tooManySigners: 'At most 10 signers can sign one document.',
  expiryDays: 'The document expires after 1 to 90 days.',
  noOwner: 'Send the document from a company or a permit.',
  templateNeedsPermit: 'The cancellation template needs a permit.',
  notFound: 'This signing link is not valid.',
  envelopeNotFound: 'E-sign envelope not found.',
  passcodeShape: 'The passcode is 6 digits.',
  passcodeWrong: 'That passcode is not right. Check the latest mail and try again.',
  locked: 'Too many wrong passcodes: this document is locked for you. Ask the sender to send it again.',
  notVerified: 'Enter the passcode we mailed you first.',
  notYourTurn: 'It is not your turn to sign yet.',
  alreadySigned: 'You have already signed this document.',
  alreadyDeclined: 'You declined to sign this document.',
  voided: 'The sender voided this document: it can no longer be signed.',
  completed: 'This document is already signed by everyone.',
  declined: 'A signer declined this document: it can no longer be signed.',
  expired: 'This document expired before it was signed.',
  notOpen: 'Only a document waiting for signatures can be changed.',
  signatureEmpty: 'Type your name to adopt a signature.',
  signatureImage: 'Draw your signature again.',
  signatureTooLarge: 'The drawn signature is too large.',
  agree: 'Agree to sign electronically first.',
  declineReason: 'Tell the sender why you decline.',
  hashShape: 'A SHA-256 is 64 hexadecimal characters.',
  cancellationUnsigned: 'The cancellation is not complete until its document is signed.',
  notCompleted: 'The document is not signed by everyone yet.',
} as const;

/** The envelope's state as the signer is told it, when it no longer takes signatures. */
export const CLOSED_ENVELOPE_MESSAGE: Readonly<Record<Exclude<EnvelopeStatus, 'sent'>, string>> = {
  completed: ESIGN_MESSAGES.completed,
  declined: ESIGN_MESSAGES.declined,
  voided: ESIGN_MESSAGES.voided,
  expired: ESIGN_MESSAGES.expired,
};

export const ENVELOPE_STATUS_LABELS: Readonly<Record<EnvelopeStatus, string>> = {
  sent: 'Waiting for signatures',
  completed: 'Signed',
  declined: 'Declined',
  voided: 'Voided',
  expired: 'Expired',
};

export const SIGNER_STATUS_LABELS: Readonly<Record<SignerStatus, string>> = {
  waiting: 'Waiting for an earlier signer',
  invited: 'Invited',
  signed: 'Signed',
  declined: 'Declined',
};
