// The frame of every page: skip link, header, the routed page, footer, toasts and the generic modals.
// Header and footer are hidden on vendor-onboarding paths (SPEC §2.4) and on the bare embed pages.
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { isVendorOnboardingPath } from '../routes/route-table.js';
import { useSessionEvents } from '../session/use-session-events.js';
import { GenericModalProvider } from '../ui/generic-modals.js';
import { Footer } from './footer.js';
import { Header } from './header.js';

const AppToaster = lazy(() => import('../ui/app-toaster.js'));

export interface RouteHandle {
  title?: string;
  chrome?: 'bare';
}

export function AppShell() {
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  useSessionEvents();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const chrome = handle?.chrome !== 'bare' && !isVendorOnboardingPath(location.pathname);
  useEffect(() => {
    document.title = handle?.title && handle.title !== 'PermitDesk' ? `${handle.title} · PermitDesk` : 'PermitDesk';
  }, [handle?.title]);
  return (
    <GenericModalProvider>
      <div className="app" aria-busy={navigation.state === 'loading'}>
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
