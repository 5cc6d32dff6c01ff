// The logo: /project-radar when signed in, / otherwise (SPEC §2.4).
import { Link } from 'react-router';

export function Logo({ signedIn }: { signedIn: boolean }) {
  return (
    <Link className="logo" to={signedIn ? '/project-radar' : '/'} aria-label="PermitDesk home">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#0f3d66" />
        <path d="M9 23V9h8a5 5 0 0 1 0 10h-4v4z" fill="#fff" />
      </svg>
      <span>PermitDesk</span>
    </Link>
  );
}
