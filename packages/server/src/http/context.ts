// Types shared by every route: the Hono environment and the signed-in user.
import type { Context, Hono } from 'hono';
import type { AppServices } from '../services.js';

/** The user behind a valid access token (claims sub and email). */
export interface AuthUser {
  sub: string;
  email: string;
  /** The session of the token (its refresh token family); always set for a verified token. */
  sid?: string;
}

export interface AppEnv {
  Variables: {
    services: AppServices;
    requestId: string;
  };
}

export type App = Hono<AppEnv>;
export type AppContext = Context<AppEnv>;
