// /404: unknown paths end here (SPEC §2.3).
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="container container--text">
      <h1>Page not found</h1>
      <p className="page-lead">The page you asked for does not exist or has moved.</p>
      <div className="row">
        <Link className="btn" to="/">
          Go to the home page
        </Link>
        <Link className="btn btn--ghost" to="/support">
          Contact support
        </Link>
      </div>
    </div>
  );
}
