// The route-table entry of a location, matched with react-router's own ranking (matchRoutes), so the
// app shell reads the title and chrome of the page <Routes> renders.
import { matchRoutes, useLocation } from 'react-router';
import { pageRoutes, redirectRoutes, type PageRoute } from './route-table.js';

// Redirect paths take part in the ranking so that they never resolve to a page entry.
const matchable = [
  ...redirectRoutes.map((r) => ({ path: r.path, handle: undefined })),
  ...pageRoutes.map((route) => ({ path: route.path, handle: route })),
];

export function tableRouteFor(pathname: string): PageRoute | undefined {
  return matchRoutes(matchable, pathname)?.at(-1)?.route.handle;
}

export function useCurrentRoute(): PageRoute | undefined {
  return tableRouteFor(useLocation().pathname);
}
