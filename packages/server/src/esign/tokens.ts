// A signer's token: 32 random bytes as base64url (43 characters, 256 bits), mailed in the /sign/{token}
// link. The database keeps only its SHA-256, looked up by equality on a unique index; a new link (a
// reminder) replaces the hash, so the old link stops working.
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const newSignToken = (): string => randomBytes(32).toString('base64url');
export const hashSignToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
export const isSignTokenShaped = (token: string): boolean => TOKEN_SHAPE.test(token);
export const signUrl = (publicUrl: string, token: string): string => `${publicUrl.replace(/\/+$/, '')}/sign/${token}`;
