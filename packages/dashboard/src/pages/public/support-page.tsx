// /support: the help center (user menu 'Help Center').
import { Link } from 'react-router';
import { supportEmail } from '../../ui/support-email.js';
import { ServiceNotice } from '../../ui/service-notice.js';

export default function SupportPage() {
  const email = supportEmail();
  return (
    <div className="container">
      <h1 className="page-title">Help Center</h1>
      <p className="page-lead">Answers, contacts and the status of your requests.</p>
      <div className="grid">
        <section className="card">
          <h2 className="card__title">Frequently asked questions</h2>
          <p className="muted">How requests work, what we need from you, timings and fees.</p>
          <Link className="card__link" to="/support/faq.html">
            Read the FAQ
          </Link>
        </section>
        <section className="card">
          <h2 className="card__title">Email the permit team</h2>
          <p className="muted">Write to us about a request, an account or an invoice. We answer within one business day.</p>
          <a className="card__link" href={`mailto:${email}`}>
            {email}
          </a>
        </section>
        <section className="card">
          <h2 className="card__title">Your requests</h2>
          <p className="muted">Every permit you asked for, its stage and the next inspection.</p>
          <Link className="card__link" to="/project-radar">
            Open the Project Radar
          </Link>
        </section>
        <section className="card">
          <h2 className="card__title">Reset your password</h2>
          <p className="muted">We email you a 6-digit code to choose a new one.</p>
          <Link className="card__link" to="/reset-password">
            Reset password
          </Link>
        </section>
      </div>
      <div style={{ marginTop: '2rem' }}>
        <ServiceNotice />
      </div>
    </div>
  );
}
