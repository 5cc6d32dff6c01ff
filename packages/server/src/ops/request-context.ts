// The current request, wherever the code runs (AsyncLocalStorage): its id for the audit trail and the
// mails it queues, and the user and company it acts for, for the request log line.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  userId: string | null;
  companyId: number | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runInRequestContext = <T>(context: RequestContext, fn: () => T): T => storage.run(context, fn);

/** The request being answered, or undefined outside a request (workers, the CLI). */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Notes the signed-in user of the current request (called once the bearer token is verified). */
export function noteRequestUser(userId: string | null | undefined): void {
  const context = storage.getStore();
  if (context && userId) context.userId = userId;
}
