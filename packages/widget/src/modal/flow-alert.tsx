// The flow's alert (SPEC §8 messages): title, message and, when the flow gives one, a link to a page of
// the PermitDesk site (e.g. /sign-in).
import type { FlowAlert } from '../flow/index.js';
import { Alert } from '../ui/alert.js';
import { siteUrl } from './site-url.js';

/** What an alert says, for steps that place it in their own alert box. */
export function FlowAlertContent({ alert, apiBase }: { alert: FlowAlert; apiBase: string }) {
  return (
    <>
      {alert.title ? (
        <>
          <strong>{alert.title}</strong>
          <br />
        </>
      ) : null}
      {alert.message}
      {alert.link ? (
        <>
          {' '}
          <a href={siteUrl(apiBase, alert.link)}>{alert.link === '/sign-in' ? 'Sign In' : 'Open'}</a>
        </>
      ) : null}
    </>
  );
}

export function FlowAlertView({ alert, apiBase }: { alert: FlowAlert | null; apiBase: string }) {
  if (!alert) return null;
  return (
    <Alert kind={alert.type}>
      <FlowAlertContent alert={alert} apiBase={apiBase} />
    </Alert>
  );
}
