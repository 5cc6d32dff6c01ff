// The user menu (SPEC §2.4): Compliance Center, Settings, Help Center, Schedule Demo, Roadmap,
// Alt Dashboard, Sign Out; with the company switcher on top.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../session/session.js';
import { useSignOut } from '../session/use-sign-out.js';
import { CompanySwitcher } from './company-switcher.js';
import { Dropdown } from './dropdown.js';

const FIRST_LINKS = [
  ['/compliance-center', 'Compliance Center'],
  ['/profile', 'Settings'],
  ['/support', 'Help Center'],
] as const;
const LATER_LINKS = [
  ['/roadmap', 'Roadmap'],
  ['/project-radar-alt', 'Alt Dashboard'],
] as const;

/** An entry of the menu that closes it first, then acts. */
function MenuButton({ close, onClick, children }: { close: () => void; onClick: () => void; children: ReactNode }) {
  return (
    <li>
      <button
        type="button"
        className="menu__item"
        onClick={() => {
          close();
          onClick();
        }}
      >
        {children}
      </button>
    </li>
  );
}

export function UserMenu({ onScheduleDemo }: { onScheduleDemo: () => void }) {
  const name = useAuth((s) => s.user?.given_name || s.user?.email || 'Account');
  const signOut = useSignOut();
  return (
    <Dropdown label={<span>{name}</span>}>
      {(close) => {
        const link = ([to, label]: readonly [string, string]) => (
          <li key={to}>
            <Link className="menu__item" to={to} onClick={close}>
              {label}
            </Link>
          </li>
        );
        return (
          <>
            <li>
              <CompanySwitcher />
            </li>
            <li className="menu__separator" role="separator" />
            {FIRST_LINKS.map(link)}
            <MenuButton close={close} onClick={onScheduleDemo}>
              Schedule Demo
            </MenuButton>
            {LATER_LINKS.map(link)}
            <li className="menu__separator" role="separator" />
            <MenuButton close={close} onClick={() => void signOut()}>
              Sign Out
            </MenuButton>
          </>
        );
      }}
    </Dropdown>
  );
}
