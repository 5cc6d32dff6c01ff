// The signed-in half of the header (radar search, Project Radar, Updates, user menu). Loaded lazily:
// it calls the API, whose client is kept out of the first-load bundle.
import { NavLink } from 'react-router';
import { useStaffRole } from '../pages/ops/use-staff-role.js';
import { RadarSearchBox } from './radar-search-box.js';
import { UpdatesLink } from './updates-link.js';
import { UserMenu } from './user-menu.js';

export function SignedInSearch() {
  return <RadarSearchBox />;
}

/** 'Permit team' for operators: the workspace's queue. */
function OpsLink() {
  const { role } = useStaffRole();
  if (!role) return null;
  return (
    <NavLink className="header__link" to="/ops">
      Permit team
    </NavLink>
  );
}

export default function SignedInNav({ onScheduleDemo }: { onScheduleDemo: () => void }) {
  return (
    <>
      <OpsLink />
      <NavLink className="header__link" to="/project-radar" end>
        Project Radar
      </NavLink>
      <UpdatesLink />
      <UserMenu onScheduleDemo={onScheduleDemo} />
    </>
  );
}
