// The flow's alert (SPEC §8 messages): title, message and, when the flow gives one, a link to a page of
// the PermitDesk site (e.g. /sign-in).
import type { FlowAlert } from '@permitdesk/core';
import { Alert } from '../ui/alert.js';
import { siteUrl } from './site-url.js';

export function FlowAlertView({ alert, apiBase }: { alert: FlowAlert | null; apiBase: string }) {
  if (!alert) return null;
  return (
    <Alert kind={alert.type}>
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
    </Alert>
  );
}
