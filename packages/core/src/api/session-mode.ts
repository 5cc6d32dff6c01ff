// The session-mode header. Sent by a client that keeps its session in a cookie (the dashboard): the
// server then puts the refresh token in an HttpOnly cookie on the refresh path instead of the body, and
// reads it from there. Being a custom header, it also keeps other origins out: a page elsewhere cannot
// send it without a CORS preflight, which the server does not allow.
export const SESSION_MODE_HEADER = 'x-permitdesk-session';
export const COOKIE_SESSION_MODE = 'cookie';
