// A fake server at the fetch boundary for the dashboard stories: the real pages, client, session and
// query layer run above it, and each call to the API (/v4/…, /auth/…) is answered by the story's routes.
// Anything else (Storybook's own files) goes to the real fetch.

export type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | 'pending';
/** 'GET /v4/companies' → the answer, from the request's URL. */
export type Routes = Record<string, (url: URL) => Answer>;

const API_PATHS = /^\/(v4|auth)\//;
let current: Routes = {};
let installed = false;

/** Answers the API from these routes from now on (unknown calls get the server's 404). */
export function answerApiWith(routes: Routes) {
  current = routes;
  if (installed) return;
  installed = true;
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (!API_PATHS.test(url.pathname)) return realFetch(input, init);
    const answer = current[`${request.method} ${url.pathname}`]?.(url) ?? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
    if (answer === 'pending') return waitForAbort(request.signal);
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
}

/** A call that stays in flight (a loading state) until the page gives up on it. */
function waitForAbort(signal: AbortSignal): Promise<Response> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}
