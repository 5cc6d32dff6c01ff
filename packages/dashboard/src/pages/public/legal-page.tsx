// /legal: index of the legal documents.
import { Link } from 'react-router';
import { ServiceNotice } from '../../ui/service-notice.js';

export default function LegalPage() {
  return (
    <div className="container container--text">
      <h1 className="page-title">Legal</h1>
      <p className="page-lead">The terms that govern PermitDesk and how we handle your data.</p>
      <ul className="stack" style={{ listStyle: 'none', padding: 0 }}>
        <li className="card">
          <Link className="card__link" to="/legal/privacy-policy.html">
            Privacy policy
          </Link>
          <p className="muted" style={{ margin: 0 }}>What we collect, why, and your choices.</p>
        </li>
        <li className="card">
          <Link className="card__link" to="/legal/terms-of-use.html">
            Terms of use
          </Link>
          <p className="muted" style={{ margin: 0 }}>The agreement between you and PermitDesk.</p>
        </li>
      </ul>
      <ServiceNotice />
    </div>
  );
}
