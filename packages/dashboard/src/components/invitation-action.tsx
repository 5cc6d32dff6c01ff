// One invitation answer (accept, approve, decline): these calls return the server's error body to the
// caller (SPEC §7.5), which is shown here.
import type { ApiResult } from '@permitdesk/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../ui/alert.js';
import { Spinner } from '../ui/spinner.js';

export function InvitationAction({ title, children, actionLabel, run, doneText }: { title: string; children?: ReactNode; actionLabel: string; run: () => Promise<ApiResult<unknown>>; doneText: string }) {
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const act = async () => {
    setState({ kind: 'busy' });
    const result = await run().catch((e: unknown) => ({ ok: false as const, status: 0, error: { message: e instanceof Error ? e.message : 'An error occurred', code: '' } }));
    setState(result.ok ? { kind: 'done' } : { kind: 'failed', message: result.error.message });
  };
  return (
    <div className="container container--narrow">
      <div className="card card--auth">
        <h1 className="page-title">{title}</h1>
        {children}
        {state.kind === 'failed' && <Alert kind="error">{state.message}</Alert>}
        {state.kind === 'done' ? (
          <>
            <Alert kind="info">{doneText}</Alert>
            <Link className="btn btn--block" to="/compliance-center">
              Go to the Compliance Center
            </Link>
          </>
        ) : (
          <button type="button" className="btn btn--block" disabled={state.kind === 'busy'} onClick={() => void act()}>
            {state.kind === 'busy' ? <Spinner label="Working" /> : actionLabel}
          </button>
        )}
      </div>
    </div>
  );
}
