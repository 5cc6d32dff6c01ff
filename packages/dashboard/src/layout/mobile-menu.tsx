// The two mobile menus of SPEC §2.4: one for signed-in users, one for visitors.
import { radarStatusUrl } from '@permitdesk/core';
import { Link } from 'react-router';
import { PRODUCTS, SERVICES } from '../pages/public/catalogue.js';
import { useSignOut } from '../session/use-sign-out.js';
import { CompanySwitcher } from './company-switcher.js';

export function MobileMenu({ signedIn, open, onNavigate, onScheduleDemo }: { signedIn: boolean; open: boolean; onNavigate: () => void; onScheduleDemo: () => void }) {
  const signOut = useSignOut();
  return (
    <nav className="mobile-menu" id="mobile-menu" data-open={open} aria-label="Mobile menu" hidden={!open}>
      {signedIn ? (
        <ul>
          <li>
            <CompanySwitcher />
          </li>
          <li><Link to="/profile" onClick={onNavigate}>Settings</Link></li>
          <li><Link to="/project-radar" onClick={onNavigate}>Project Radar</Link></li>
          <li><Link to={radarStatusUrl('HasPermit')} onClick={onNavigate}>View All permits</Link></li>
          <li><Link to="/compliance-center" onClick={onNavigate}>Compliance Center</Link></li>
          <li>
            <button type="button" className="menu__item link-button" onClick={() => { onNavigate(); onScheduleDemo(); }}>
              Schedule Demo
            </button>
          </li>
          <li>
            <button type="button" className="menu__item link-button" onClick={() => { onNavigate(); void signOut(); }}>
              Sign Out
            </button>
          </li>
        </ul>
      ) : (
        <ul>
          <li><Link to="/sign-up" onClick={onNavigate}>Sign Up</Link></li>
          <li><Link to="/sign-in" onClick={onNavigate}>Sign In</Link></li>
          <li><Link to="/" onClick={onNavigate}>Home</Link></li>
          <li><Link to="/how-it-works" onClick={onNavigate}>How it works</Link></li>
          <li>
            <span className="mobile-menu__group">Products</span>
            <ul>
              {PRODUCTS.map((p) => (
                <li key={p.id}><Link to={`/products#${p.id}`} onClick={onNavigate}>{p.menuLabel}</Link></li>
              ))}
            </ul>
          </li>
          <li>
            <span className="mobile-menu__group">Services</span>
            <ul>
              {SERVICES.map((s) => (
                <li key={s.id}><Link to={`/services#${s.id}`} onClick={onNavigate}>{s.menuLabel}</Link></li>
              ))}
            </ul>
          </li>
        </ul>
      )}
    </nav>
  );
}
