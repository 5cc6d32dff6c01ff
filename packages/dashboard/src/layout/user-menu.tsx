// The user menu (SPEC §2.4): Compliance Center, Settings, Help Center, Schedule Demo, Roadmap,
// Alt Dashboard, Sign Out; with the company switcher on top.
import { Link } from 'react-router';
import { useAuth } from '../session/session.js';
import { useSignOut } from '../session/use-sign-out.js';
import { CompanySwitcher } from './company-switcher.js';
import { Dropdown } from './dropdown.js';

export function UserMenu({ onScheduleDemo }: { onScheduleDemo: () => void }) {
  const name = useAuth((s) => s.user?.given_name || s.user?.email || 'Account');
  const signOut = useSignOut();
  return (
    <Dropdown label={<span>{name}</span>}>
      {(close) => (
        <>
          <li>
            <CompanySwitcher />
          </li>
          <li className="menu__separator" role="separator" />
          {(
            [
              ['/compliance-center', 'Compliance Center'],
              ['/profile', 'Settings'],
              ['/support', 'Help Center'],
            ] as const
          ).map(([to, label]) => (
            <li key={to}>
              <Link className="menu__item" to={to} onClick={close}>
                {label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="menu__item"
              onClick={() => {
                close();
                onScheduleDemo();
              }}
            >
              Schedule Demo
            </button>
          </li>
          <li>
            <Link className="menu__item" to="/roadmap" onClick={close}>
              Roadmap
            </Link>
          </li>
          <li>
            <Link className="menu__item" to="/project-radar-alt" onClick={close}>
              Alt Dashboard
            </Link>
          </li>
          <li className="menu__separator" role="separator" />
          <li>
            <button
              type="button"
              className="menu__item"
              onClick={() => {
                close();
                void signOut();
              }}
            >
              Sign Out
            </button>
          </li>
        </>
      )}
    </Dropdown>
  );
}
