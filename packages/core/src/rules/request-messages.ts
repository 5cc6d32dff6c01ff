// The request layer's messages of SPEC §8, word for word. The client shows them and the server sends
// the same words (an invalid token, an ended session), so they belong to the contract.
/** The request-layer messages of SPEC §8, word for word. */
export const REQUEST_ERRORS = {
  baseUrlInvalid: 'Base url is not valid. ERROR_CODE: BASE_URL_INVALID',
  tokenInvalid: 'Authentication token is not valid. ERROR_CODE: TOKEN_INVALID',
  serviceUrlInvalid: 'Service url is not valid. ERROR_CODE: SERVICE_URL_INVALID',
  /** What the global error handler gets when a failed response carries no message (SPEC §7.8). */
  fallback: 'An error occurred',
} as const;

/** The session-expired message of SPEC §8, carried by the error an expired call rejects with. */
export const SESSION_EXPIRED_MESSAGE = 'Your user session has expired and you will need to login again to proceed.';
