// /how-it-works: the lookup → sign-up → request flow in plain words.
import { Link } from 'react-router';
import { CoverageCount } from '../../ui/coverage-count.js';
import { ServiceNotice } from '../../ui/service-notice.js';

const steps = [
  { title: 'Tell us where', text: 'Enter the job-site address. We find the municipality that governs it, its permit office phone and its daily cutoff time.' },
  { title: 'Pick the work', text: 'Choose the type of work (a roof, a water heater, a fence, solar...). We know which permit and which inspections it needs.' },
  { title: 'Sign in or sign up', text: 'Apply as a contractor for your company or as a do-it-yourself homeowner. One account covers every project.' },
  { title: 'We file and follow up', text: 'Our permit team prepares and submits the application, talks to the municipality and keeps the status current on your project radar.' },
];

export default function HowItWorksPage() {
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>How PermitDesk works</h1>
          <p>
            From a job-site address to an issued permit, without waiting on hold. We cover <CoverageCount /> municipalities across
            the United States.
          </p>
          <div className="row">
            <Link className="btn btn--accent" to="/search">
              Find your municipality
            </Link>
            <Link className="btn btn--ghost" to="/sign-up">
              Create an account
            </Link>
          </div>
        </div>
      </section>
      <div className="container">
        <ol className="grid" style={{ listStyle: 'none', padding: 0 }}>
          {steps.map((step, index) => (
            <li key={step.title} className="card">
              <span className="badge badge--muted" aria-hidden="true">
                {index + 1}
              </span>
              <h2 className="card__title" style={{ marginTop: '0.5rem' }}>
                {step.title}
              </h2>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
        <section className="stack" style={{ marginTop: '2rem' }}>
          <h2>After the permit is issued</h2>
          <p>
            Inspections are listed in the order the municipality performs them. You see every stage on the project radar, get
            updates when something changes, and can request a cancellation at any time.
          </p>
          <ServiceNotice />
        </section>
      </div>
    </>
  );
}
