// /sign-up/individual
import { Link } from 'react-router';
import { SignUpForm } from '../../auth/sign-up-form.js';

export default function SignUpIndividualPage() {
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Sign up as an individual</h1>
        <p className="muted">For homeowners applying for their own permits.</p>
        <SignUpForm kind="individual" />
        <p className="muted" style={{ marginBottom: 0 }}>
          Signing up for a company? <Link to="/sign-up/company">Create a company account</Link>
        </p>
      </div>
    </div>
  );
}
