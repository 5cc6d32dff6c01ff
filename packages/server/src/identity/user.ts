// The signed-in user as every module sees it: the claims of a verified access token. identity/ owns it;
// http/ only hands it to the handlers.

/** The user behind a valid access token (claims sub and email). */
export interface AuthUser {
  sub: string;
  email: string;
  /** The session of the token (its refresh token family); always set for a verified token. */
  sid?: string;
}
