// The data router: the route table turned into react-router routes, each page code-split with `lazy`
// and guarded by a loader that applies decideAccess() once the session is known.
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AppShell, type RouteHandle } from '../layout/app-shell.js';
import { rememberTarget, saveInvitationQuery, saveLoginNotice } from '../session/redirect-memory.js';
import { sessionStore, whenSessionReady } from '../session/session.js';
import { PageSpinner } from '../ui/spinner.js';
import { decideAccess } from './access.js';
import { RouteError } from './route-error.js';
import { NOT_FOUND_PATH, pageRoutes, redirectRoutes, type PageRoute } from './route-table.js';

/** Runs the route's guard; throws the redirect it decides, after remembering what it must. */
export async function guard(route: Pick<PageRoute, 'access'>, request: Request): Promise<null> {
  await whenSessionReady();
  const url = new URL(request.url);
  const decision = decideAccess(route.access, sessionStore.getState().isAuthenticated, url);
  if (decision.kind === 'allow') return null;
  if (decision.remember) rememberTarget(decision.remember);
  if (decision.savedQuery !== undefined) saveInvitationQuery(decision.savedQuery);
  if (decision.notice) saveLoginNotice(decision.notice);
  throw redirect(decision.to);
}

export function buildRoutes(): RouteObject[] {
  const pages: RouteObject[] = pageRoutes.map((route) => ({
    path: route.path,
    handle: { title: route.title, ...(route.chrome ? { chrome: route.chrome } : {}) } satisfies RouteHandle,
    loader: ({ request }: LoaderFunctionArgs) => guard(route, request),
    lazy: async () => ({ Component: (await route.page()).default }),
  }));
  return [
    {
      element: <AppShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        ...redirectRoutes.map((r) => ({ path: r.path, loader: () => redirect(r.redirectTo) })),
        ...pages,
        { path: '*', loader: () => redirect(NOT_FOUND_PATH) },
      ],
    },
  ];
}
