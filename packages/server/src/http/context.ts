// Types shared by every route: the Hono environment (the services and the request id).
import type { Context, Hono } from 'hono';
import type { AppServices } from '../services.js';

export interface AppEnv {
  Variables: {
    services: AppServices;
    requestId: string;
  };
}

export type App = Hono<AppEnv>;
export type AppContext = Context<AppEnv>;
