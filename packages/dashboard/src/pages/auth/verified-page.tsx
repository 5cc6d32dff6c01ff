// /verified: where every e-mail verification link lands (the link always points at our own site, never
// at an address a caller chose). Back from the link (email, accepted=1, token) the sign-up resumes here
// in the widget (SPEC §4.1: verify-email, then the next step); the partner page the user started on, when
// its origin is allow-listed, is offered as a plain link that carries no token.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { WidgetHost } from '../../ui/widget-host.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';

export default function VerifiedPage() {
  const [params] = useSearchParams();
  const signedIn = useAuth((s) => s.isAuthenticated);
  // Read once: the widget removes them from the address bar when it resumes.
  const [link] = useState(() => ({ email: params.get('email'), token: params.get('token'), accepted: params.get('accepted') === '1' }));
  const returning = link.accepted && !!link.email && !!link.token;
  const partner = usePartnerPage(returning ? link.email : null, link.token);

  if (returning) {
    return (
      <div className="embed-page" style={{ minHeight: '100vh', padding: '1rem' }}>
        <h1 className="visually-hidden">Email verification</h1>
        <WidgetHost />
        {partner && (
          <p className="verified-partner">
            <a href={partner.href} rel="noopener">Continue to {partner.host}</a>
          </p>
        )}
      </div>
    );
  }
  const email = link.email;
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

/** The start page the server kept for this sign-up (allow-listed partners only), asked with the link's token. */
function usePartnerPage(email: string | null, token: string | null): { href: string; host: string } | null {
  const [page, setPage] = useState<{ href: string; host: string } | null>(null);
  useEffect(() => {
    if (!email || !token) return;
    let live = true;
    api.verification
      .verificationData({ params: { email }, query: { totp: token }, silent: true })
      .then((data) => {
        if (!live || !data.location) return;
        const url = new URL(data.location);
        if (url.origin !== window.location.origin) setPage({ href: url.href, host: url.host });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [email, token]);
  return page;
}
