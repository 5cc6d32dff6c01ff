// The workspace's own menu, above every /ops page: the queue, the municipality directory, the background
// jobs, the pre-filing gate's table and the sign-up funnel for every operator; templates, the team and the settings for a service admin.
import type { StaffRole } from '@permitdesk/core';
import { NavLink } from 'react-router';
import './ops-nav.css';

const LINKS: { to: string; label: string; adminOnly?: boolean }[] = [
  { to: '/ops', label: 'Queue' },
  { to: '/ops/municipalities', label: 'Municipalities' },
  { to: '/ops/jobs', label: 'Jobs' },
  { to: '/ops/gate', label: 'Gate' },
  { to: '/ops/funnel', label: 'Funnel' },
  { to: '/ops/templates', label: 'Templates', adminOnly: true },
  { to: '/ops/team', label: 'Team', adminOnly: true },
  { to: '/ops/settings', label: 'Settings', adminOnly: true },
];

export function OpsNav({ role }: { role: StaffRole }) {
  return (
    <nav className="ops-nav" aria-label="Permit team">
      {LINKS.filter((link) => !link.adminOnly || role === 'service_admin').map((link) => (
        // The queue's link is current on the queue only; the desk (/ops/permits/…) belongs to no tab.
        <NavLink key={link.to} className="ops-nav__link" to={link.to} end={link.to === '/ops'}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
