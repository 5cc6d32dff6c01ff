// Types shared by every route: the Hono environment (the services and the request id).
import type { Context, Hono } from 'hono';
import type { AppServices } from '../services.js';

/**
 * PENDING (issue 11): kept only for the permits-family files that still import the user type from here;
 * its home is identity/user.ts. Remove once shape-permits is merged and those imports point there.
 */
export type { AuthUser } from '../identity/user.js';

export interface AppEnv {
  Variables: {
    services: AppServices;
    requestId: string;
  };
}

export type App = Hono<AppEnv>;
export type AppContext = Context<AppEnv>;
