// A public link's token: 32 random bytes as base64url (43 characters, 256 bits), shown once to its
// creator. The database keeps only its SHA-256, looked up by equality on a unique index: a copy of the
// database opens no link, and no token is ever compared character by character in our code.
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const newLinkToken = (): string => randomBytes(32).toString('base64url');

export const hashLinkToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether a text can be a token at all (anything else is answered like an unknown token). */
export const isLinkTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);

/** The page anyone opens: /c/{token} on the deployment's own address. */
export const linkUrl = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/, '')}/c/${token}`;
