// /support/faq.html: questions and answers, as native disclosure widgets (keyboard accessible as they are).
import { Link } from 'react-router';
import { CoverageCount } from '../../ui/coverage-count.js';

const faqs: Array<{ q: string; a: React.ReactNode }> = [
  { q: 'Are you the municipality?', a: 'No. PermitDesk is a professional permit service. We are not the municipality and not affiliated with any county or municipality; we interact with the municipality on your behalf.' },
  { q: 'Where do you work?', a: <>We currently cover <CoverageCount /> municipalities. The <Link to="/coverage">coverage page</Link> lists them by state.</> },
  { q: 'What is the cutoff time?', a: 'Each municipality has a daily cutoff time. Requests received after it are filed on the next business day. Every municipality page shows its cutoff time.' },
  { q: 'Can I apply as a homeowner?', a: 'Yes, where the municipality allows owner-builder (do-it-yourself) permits. Choose Do-It-Yourselfer when you apply.' },
  { q: 'How do I follow my permit?', a: <>Sign in and open the <Link to="/project-radar">Project Radar</Link>. Each row shows the stage, the progress and the next step.</> },
  { q: 'Can I cancel a request?', a: 'Yes. Open the project on the radar and choose Request Cancellation. Our team confirms by email.' },
  { q: 'How do I add my team?', a: 'In the Compliance Center, open your company and invite users with a role: Administrator, Project Manager or Observer.' },
  { q: 'I forgot my password.', a: <>Use <Link to="/reset-password">reset password</Link>: we email you a 6-digit code.</> },
];

export default function FaqPage() {
  return (
    <div className="container container--text">
      <h1 className="page-title">Frequently asked questions</h1>
      <p className="page-lead">Still stuck? <Link to="/support">Contact support</Link>.</p>
      <div className="stack">
        {faqs.map((faq) => (
          <details key={faq.q} className="card">
            <summary>
              <strong>{faq.q}</strong>
            </summary>
            <p style={{ marginTop: '0.75rem', marginBottom: 0 }}>{faq.a}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
