// /compliance-center/integrations: the company's construction-platform connection (issue 14). The owner or
// an administrator connects (OAuth 2.0: off to the platform's 'Allow' page, back here with ?code&state,
// traded by the server), sees its state (broken: reconnect), imports platform projects, follows the
// documents pushed back (failures and retries) and disconnects.
import type { PlatformDocument, PlatformProject, PlatformStatus } from '@permitdesk/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAction } from '../../../data/use-action.js';
import { api } from '../../../session/api.js';
import { Alert } from '../../../ui/alert.js';
import { PlainTable } from '../../../ui/plain-table.js';
import { Spinner } from '../../../ui/spinner.js';
import { CompanyRequired } from '../layout/company-required.js';
import { ComplianceLayout } from '../layout/compliance-layout.js';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');

function Integrations({ companyId }: { companyId: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState<PlatformStatus | null>(null);
  const [projects, setProjects] = useState<PlatformProject[] | null>(null);
  const [documents, setDocuments] = useState<PlatformDocument[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  // One action at a time (every button is disabled while one runs); loading shares its error line.
  const { run: act, busy, error, setError } = useAction((work: () => Promise<void>) => work(), messageOf);
  const exchanged = useRef(false);

  const load = useCallback(async () => {
    try {
      const next = await api.platform.status({ query: { companyId }, silent: true });
      setStatus(next);
      if (next.connection?.status === 'connected') {
        setProjects(await api.platform.projects({ query: { companyId }, silent: true }).catch(() => null));
      } else setProjects(null);
      setDocuments(await api.platform.documents({ query: { companyId }, silent: true }).catch(() => []));
    } catch (e) {
      setError(messageOf(e));
    }
  }, [companyId]);

  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    const denied = params.get('error');
    if ((code && state) || denied) {
      if (exchanged.current) return;
      exchanged.current = true;
      void (async () => {
        if (denied) setError('The platform did not allow the connection.');
        else {
          try {
            const connection = await api.platform.authenticate({ query: { code: code!, state: state! }, silent: true });
            setNotice(`Connected to ${connection.platformName}${connection.accountName ? ` (${connection.accountName})` : ''}.`);
          } catch (e) {
            setError(messageOf(e));
          }
        }
        navigate('/compliance-center/integrations', { replace: true });
        await load();
      })();
      return;
    }
    void load();
  }, [params, navigate, load]);

  const connect = () =>
    act(async () => {
      const { authorizeUrl } = await api.platform.connect({ body: { companyId: Number(companyId) }, silent: true });
      window.location.assign(authorizeUrl);
    });
  const disconnect = () =>
    act(async () => {
      await api.platform.disconnect({ query: { companyId }, silent: true });
      setNotice('Disconnected. The platform no longer has access.');
      await load();
    });
  const importProject = (platformProjectId: string) =>
    act(async () => {
      const result = await api.platform.import({ body: { companyId: Number(companyId), platformProjectId }, silent: true });
      setNotice(result.created ? `Imported: project ${result.projectId} for ${result.customerName}.` : `Already imported as project ${result.projectId}.`);
      await load();
    });
  const retry = (id: number) =>
    act(async () => {
      await api.platform.retryDocument({ params: { id }, silent: true });
      await load();
    });

  if (!status && !error) return <Spinner label="Loading the integration" />;
  const connection = status?.connection ?? null;
  const live = connection && connection.status !== 'revoked' ? connection : null;
  return (
    <div className="integrations" data-testid="integrations">
      {notice && <Alert key={notice} kind="success" title="Integration">{notice}</Alert>}
      {error && <Alert key={error} kind="error" title="Integration">{error}</Alert>}
      {status && !status.configured && <p className="card">No construction platform is configured on this server.</p>}
      {status?.configured && (
        <section className="card">
          <h2>{status.platformName}</h2>
          {live?.status === 'connected' && (
            <p data-testid="platform-state">
              Connected{live.accountName ? ` to ${live.accountName}` : ''} since {new Date(live.connectedAt).toLocaleString()}.
            </p>
          )}
          {live?.status === 'broken' && (
            <Alert kind="error" title="The connection stopped working">
              {live.lastError ?? 'The platform refused our access.'} Reconnect to resume; documents wait meanwhile.
            </Alert>
          )}
          {!live && <p data-testid="platform-state">Not connected. Connect your platform account to import projects and send permits back to them.</p>}
          <p>
            <button type="button" className="btn" disabled={busy} onClick={() => void connect()}>
              {live ? 'Reconnect' : `Connect ${status.platformName}`}
            </button>{' '}
            {live && (
              <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={() => void disconnect()}>
                Disconnect
              </button>
            )}
          </p>
          {live && <p className="muted">Webhook address for the platform: <code>{live.webhookUrl}</code></p>}
        </section>
      )}
      {projects && (
        <section>
          <h2>Platform projects</h2>
          <PlainTable caption="Platform projects" headers={['Project', 'Address', 'Customer', '']}>
            {projects.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>{[p.address.line1, p.address.city, `${p.address.state} ${p.address.postalCode}`].join(', ')}</td>
                <td>{p.customer.name}</td>
                <td>
                  {p.linkedProjectId ? (
                    <Link to={`/projects/${p.linkedProjectId}`}>Open project</Link>
                  ) : (
                    <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={() => void importProject(p.id)}>
                      Import {p.name}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </PlainTable>
        </section>
      )}
      {documents.length > 0 && (
        <section>
          <h2>Documents sent to the platform</h2>
          <PlainTable caption="Documents sent to the platform" headers={['Document', 'State', 'Attempts', '']}>
            {documents.map((d) => (
              <tr key={d.id}>
                <td>{d.title}</td>
                <td>{d.status === 'sent' ? 'Sent' : d.status === 'failed' ? `Failed: ${d.lastError ?? ''} (retrying)` : 'Waiting'}</td>
                <td>{d.attempts}</td>
                <td>
                  {d.status === 'failed' && (
                    <button type="button" className="btn btn--ghost btn--sm" disabled={busy} onClick={() => void retry(d.id)}>
                      Send again
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </PlainTable>
        </section>
      )}
    </div>
  );
}

export default function IntegrationsPage() {
  return (
    <ComplianceLayout title="Integrations">
      <CompanyRequired>{(scope) => <Integrations companyId={scope.companyId} />}</CompanyRequired>
    </ComplianceLayout>
  );
}
