// /sign-up: choose between a company account and a personal (do-it-yourself) account.
import { Link } from 'react-router';

export default function SignUpChoosePage() {
  return (
    <div className="container" style={{ maxWidth: 820 }}>
      <h1 className="page-title">Create your account</h1>
      <p className="page-lead">How will you use PermitDesk?</p>
      <div className="choice-grid">
        <Link className="card choice" to="/sign-up/company">
          <h2 className="card__title">As a company</h2>
          <p className="muted">Contractors and companies: pull permits for customers, invite your team, keep licenses and insurance in one place.</p>
          <span className="btn">Sign up as a company</span>
        </Link>
        <Link className="card choice" to="/sign-up/individual">
          <h2 className="card__title">As a homeowner</h2>
          <p className="muted">Do-it-yourself homeowners: apply for a permit for work on your own property.</p>
          <span className="btn btn--ghost">Sign up as an individual</span>
        </Link>
      </div>
      <p style={{ marginTop: '1.5rem' }}>
        Already have an account? <Link to="/sign-in">Sign In</Link>
      </p>
    </div>
  );
}
