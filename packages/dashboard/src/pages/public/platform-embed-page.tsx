// /embed/construction-platform?projectId=…&signin=…: PermitDesk inside the construction platform's iframe
// (issue 14). The platform's single-use sign-in link signs its user in (an unknown e-mail goes to sign-up
// with the address locked); then the linked project's context prefills the widget with its address and
// the permit form's Customer Name with its customer. Framed only by PLATFORM_ORIGINS (the server's frame-ancestors and the origins meta).
import type { PlatformEmbedContext } from '@permitdesk/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../session/api.js';
import { rememberTarget, saveInvitationQuery } from '../../session/redirect-memory.js';
import { sessionStore, useAuth } from '../../session/session.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import { WidgetHost } from '../../ui/widget-host.js';

export default function PlatformEmbedPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const projectId = params.get('projectId');
  const signin = params.get('signin');
  const [context, setContext] = useState<PlatformEmbedContext | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<boolean>(signin !== null);
  const used = useRef(false);

  // The sign-in link: once, then out of the address (it must not linger in history or referrers).
  useEffect(() => {
    if (!signin || used.current) return;
    used.current = true;
    void (async () => {
      try {
        const result = await api.platform.signIn({ query: { token: signin }, silent: true });
        const rest = new URLSearchParams(params);
        rest.delete('signin');
        if (result.status === 'signed-in') {
          sessionStore.getState().login(result.tokens, result.profile);
          setParams(rest, { replace: true });
        } else {
          rememberTarget(`/embed/construction-platform?${rest.toString()}`);
          saveInvitationQuery(`?email=${encodeURIComponent(result.email)}`);
          navigate('/sign-up/invite', { replace: true });
        }
      } catch (e) {
        setError(e instanceof Error ? e.message : 'The sign-in link is not valid.');
      } finally {
        setPending(false);
      }
    })();
  }, [signin, params, setParams, navigate]);

  useEffect(() => {
    if (!signedIn || !projectId || pending) return;
    let live = true;
    api.platform
      .embed({ query: { projectId }, silent: true })
      .then((found) => live && setContext(found))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : 'This project is not linked.'));
    return () => {
      live = false;
    };
  }, [signedIn, projectId, pending]);

  if (pending) return <Spinner label="Signing you in" large />;
  return (
    <div className="embed-page" style={{ minHeight: '100vh', padding: '1rem' }}>
      <h1 className="visually-hidden">Permit lookup</h1>
      {error && <Alert kind="error" title="PermitDesk">{error}</Alert>}
      {context && (
        <section className="card" data-testid="platform-context">
          <strong>{context.name ?? 'Project'}</strong>
          <div>{context.oneLineAddress}</div>
          <div>
            Customer: {context.customer.name}
            {context.customer.email ? ` · ${context.customer.email}` : ''}
            {context.customer.phone ? ` · ${context.customer.phone}` : ''}
          </div>
        </section>
      )}
      {(!signedIn || !projectId || context || error) && <WidgetHost {...(context ? { address: context.oneLineAddress, customerName: context.customer.name } : {})} />}
    </div>
  );
}
