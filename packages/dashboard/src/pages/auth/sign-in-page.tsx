// /sign-in
import { Link } from 'react-router';
import { SignInForm } from '../../auth/sign-in-form.js';

export default function SignInPage() {
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">Sign In</h1>
        <p className="muted">Welcome back. Sign in to see your projects and permits.</p>
        <SignInForm />
        <p className="muted" style={{ marginBottom: 0 }}>
          New to PermitDesk? <Link to="/sign-up">Create an account</Link>
        </p>
      </div>
    </div>
  );
}
