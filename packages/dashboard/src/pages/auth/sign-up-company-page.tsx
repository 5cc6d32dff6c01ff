// /sign-up/company
import { Link } from 'react-router';
import { SignUpForm } from '../../auth/sign-up-form.js';

export default function SignUpCompanyPage() {
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Sign up as a company</h1>
        <p className="muted">Your company is created when you first sign in; you become its owner.</p>
        <SignUpForm kind="company" />
        <p className="muted" style={{ marginBottom: 0 }}>
          A homeowner? <Link to="/sign-up/individual">Create a personal account</Link>
        </p>
      </div>
    </div>
  );
}
