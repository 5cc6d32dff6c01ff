// The header of SPEC §2.4: logo by state; visitors get Sign In and Schedule Consultation; signed-in
// users get the radar search, Project Radar, Updates and the user menu; a mobile menu for each.
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../session/session.js';
import { BookingModal } from './booking-modal.js';
import { Logo } from './logo.js';
import { MobileMenu } from './mobile-menu.js';

const SignedInNav = lazy(() => import('./signed-in-nav.js'));
const SignedInSearch = lazy(() => import('./signed-in-nav.js').then((m) => ({ default: m.SignedInSearch })));

export function Header() {
  const signedIn = useAuth((s) => s.isAuthenticated);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [booking, setBooking] = useState<null | 'Schedule Consultation' | 'Schedule Demo'>(null);
  return (
    <header className="header">
      <div className="header__inner">
        <Logo signedIn={signedIn} />
        {signedIn && (
          <Suspense fallback={<div className="header__search" />}>
            <SignedInSearch />
          </Suspense>
        )}
        <nav className="header__nav" aria-label="Main">
          {signedIn ? (
            <Suspense fallback={null}>
              <SignedInNav onScheduleDemo={() => setBooking('Schedule Demo')} />
            </Suspense>
          ) : (
            <>
              <NavLink className="header__link" to="/sign-in">
                Sign In
              </NavLink>
              <button type="button" className="btn btn--accent btn--sm" onClick={() => setBooking('Schedule Consultation')}>
                Schedule Consultation
              </button>
            </>
          )}
        </nav>
        <button
          type="button"
          className="header__link header__menu-toggle"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen(!mobileOpen)}
        >
          {mobileOpen ? 'Close' : 'Menu'}
        </button>
      </div>
      <MobileMenu signedIn={signedIn} open={mobileOpen} onNavigate={() => setMobileOpen(false)} onScheduleDemo={() => setBooking('Schedule Demo')} />
      <BookingModal open={booking !== null} title={booking ?? ''} onClose={() => setBooking(null)} />
    </header>
  );
}
