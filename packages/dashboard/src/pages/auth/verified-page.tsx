// /verified: where the e-mail verification link lands once the address is confirmed.
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../session/session.js';

export default function VerifiedPage() {
  const [params] = useSearchParams();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const email = params.get('email');
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Email verified</h1>
        <p>{email ? `${email} is verified.` : 'Your e-mail address is verified.'} You can now continue where you left off.</p>
        <Link className="btn btn--block" to={signedIn ? '/project-radar' : '/sign-in'}>
          {signedIn ? 'Go to the Project Radar' : 'Sign In'}
        </Link>
      </div>
    </div>
  );
}
