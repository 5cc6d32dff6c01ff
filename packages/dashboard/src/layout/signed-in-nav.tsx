// The signed-in half of the header (radar search, Project Radar, Updates, user menu). Loaded lazily:
// it calls the API, whose client is kept out of the first-load bundle.
import { NavLink } from 'react-router';
import { RadarSearchBox } from './radar-search-box.js';
import { UpdatesLink } from './updates-link.js';
import { UserMenu } from './user-menu.js';

export function SignedInSearch() {
  return <RadarSearchBox />;
}

export default function SignedInNav({ onScheduleDemo }: { onScheduleDemo: () => void }) {
  return (
    <>
      <NavLink className="header__link" to="/project-radar" end>
        Project Radar
      </NavLink>
      <UpdatesLink />
      <UserMenu onScheduleDemo={onScheduleDemo} />
    </>
  );
}
