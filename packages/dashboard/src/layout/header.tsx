// The header of SPEC §2.4: logo by state; visitors get Sign In and Schedule Consultation; signed-in
// users get the radar search, Project Radar, Updates and the user menu; a mobile menu for each.
// The mobile menus and the booking modal are fetched when first opened: the first load has neither.
import { lazy, Suspense, useState } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../session/session.js';
import { Logo } from './logo.js';
import { useScrolled } from './use-scrolled.js';

const SignedInNav = lazy(() => import('./signed-in-nav.js'));
const SignedInSearch = lazy(() => import('./signed-in-nav.js').then((m) => ({ default: m.SignedInSearch })));
const loadMobileMenu = () => import('./mobile-menu.js');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));
const BookingModal = lazy(() => import('./booking-modal.js').then((m) => ({ default: m.BookingModal })));

export function Header() {
  const signedIn = useAuth((s) => s.isAuthenticated);
  const [mobileOpen, setMobileOpen] = useState(false);
  // Mounted from the first opening on, then shown and hidden as before.
  const [mobileUsed, setMobileUsed] = useState(false);
  const [booking, setBooking] = useState<null | 'Schedule Consultation' | 'Schedule Demo'>(null);
  const scrolled = useScrolled();
  return (
    <header className={scrolled ? 'header header--scrolled' : 'header'}>
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
          // Fetched as the pointer or focus reaches the button, so the first opening rarely waits.
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={() => {
            setMobileUsed(true);
            setMobileOpen(!mobileOpen);
          }}
        >
          {mobileOpen ? 'Close' : 'Menu'}
        </button>
      </div>
      {mobileUsed && (
        <Suspense fallback={null}>
          <MobileMenu signedIn={signedIn} open={mobileOpen} onNavigate={() => setMobileOpen(false)} onScheduleDemo={() => setBooking('Schedule Demo')} />
        </Suspense>
      )}
      {booking !== null && (
        <Suspense fallback={null}>
          <BookingModal open title={booking} onClose={() => setBooking(null)} />
        </Suspense>
      )}
    </header>
  );
}
