// The frame of every page: skip link, header, the routed page, footer, toasts and the generic modals.
// Header and footer are hidden on vendor-onboarding paths (SPEC §2.4) and on the bare embed pages.
// Title and chrome come from the route-table entry of the location.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useCurrentRoute } from '../routes/current-route.js';
import { isVendorOnboardingPath } from '../routes/route-table.js';
import { useSessionEvents } from '../session/use-session-events.js';
import { GenericModalProvider } from '../ui/generic-modals.js';
import { Footer } from './footer.js';
import { Header } from './header.js';

const AppToaster = lazy(() => import('../ui/app-toaster.js'));

export function AppShell() {
  const location = useLocation();
  const route = useCurrentRoute();
  useSessionEvents();
  const chrome = route?.chrome !== 'bare' && !isVendorOnboardingPath(location.pathname);
  // SPEC §7.1: the stage list, the global settings and the tasks at start (a lazy chunk: the API client
  // stays out of the first load).
  useEffect(() => {
    if (chrome) void import('../data/reference-data.js').then(({ loadReferenceData }) => loadReferenceData());
  }, [chrome]);
  useEffect(() => {
    document.title = route?.title && route.title !== 'PermitDesk' ? `${route.title} · PermitDesk` : 'PermitDesk';
  }, [route?.title]);
  return (
    <GenericModalProvider>
      <div className="app">
        {chrome && (
          <a className="skip-link" href="#main">
            Skip to content
          </a>
        )}
        {chrome && <Header />}
        <main id="main" className="app__main" tabIndex={-1}>
          <Outlet />
        </main>
        {chrome && <Footer />}
      </div>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </GenericModalProvider>
  );
}
