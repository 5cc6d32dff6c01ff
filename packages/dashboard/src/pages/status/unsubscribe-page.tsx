// /status/unsubscribe/{token}: the unsubscribe link of every status mail (issue 16). One click: opening
// it unsubscribes (the mail's List-Unsubscribe-Post header does the same without a page), whatever
// became of the status link; a forged token changes nothing and says so.
import { isApiRequestError } from '@permitdesk/core/client';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../session/api.js';
import { Alert } from '../../ui/alert.js';
import { Spinner } from '../../ui/spinner.js';
import { useMeta } from './status-page.js';

/** One request per token, however often the effect runs (React's strict mode runs it twice). */
const unsubscribing = new Map<string, Promise<{ message: string }>>();

export default function UnsubscribePage() {
  const { token = '' } = useParams();
  useMeta('robots', 'noindex, nofollow');
  useMeta('referrer', 'no-referrer');
  const [result, setResult] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    const request = unsubscribing.get(token) ?? api.statusLinks.unsubscribe({ params: { token }, silent: true });
    unsubscribing.set(token, request);
    request
      .then((answer) => live && setResult({ kind: 'info', text: answer.message }))
      .catch((e: unknown) => live && setResult({ kind: 'error', text: isApiRequestError(e) ? e.message : 'You could not be unsubscribed. Please try again.' }));
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <div className="container container--text">
      <h1 className="page-title">Permit status e-mails</h1>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : <Spinner label="Unsubscribing" />}
    </div>
  );
}
