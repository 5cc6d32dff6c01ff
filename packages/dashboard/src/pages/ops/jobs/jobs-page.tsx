// /ops/jobs (the permit team): the durable job queue (issue 16): pending, running, failed and retried
// jobs with their kind, attempts, last error and when they run next; a failed job can be run again.
import { JOB_FILTERS, type Job } from '@permitdesk/core';
import { useId, useState } from 'react';
import { queryKeys } from '../../../data/query-keys.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import { notify } from '../../../ui/notify.js';
import { Spinner } from '../../../ui/spinner.js';
import { Unavailable } from '../../../ui/unavailable.js';
import { StaffGate } from '../staff-gate.js';
import '../ops.css';
import './jobs-page.css';

type Filter = (typeof JOB_FILTERS)[number] | '';
const FILTER_LABELS: Record<Exclude<Filter, ''>, string> = { pending: 'Pending', running: 'Running', done: 'Done', failed: 'Failed', retried: 'Retried' };
const when = (value: string | null) => (value ? new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—');
const message = (error: unknown) => (error instanceof Error && error.message ? error.message : 'An error occurred');

function JobRow({ job, onRetried }: { job: Job; onRetried: () => void }) {
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await api.jobs.retry({ params: { id: job.id }, silent: true });
      notify('success', `Job ${job.id} will run again now.`);
      onRetried();
    } catch (failure) {
      notify('error', message(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr>
      <td>{job.id}</td>
      <td>
        <code>{job.kind}</code>
      </td>
      <td>
        <span className={`ops-jobs__status ops-jobs__status--${job.status}`}>{FILTER_LABELS[job.status]}</span>
      </td>
      <td>{job.attempts}</td>
      <td>{job.status === 'done' || job.status === 'failed' ? when(job.finishedAt) : when(job.runAt)}</td>
      <td className="ops-jobs__error">{job.lastError ?? ''}</td>
      <td>
        {job.status === 'failed' && (
          <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void retry()} aria-label={`Retry job ${job.id}`}>
            Retry
          </button>
        )}
      </td>
    </tr>
  );
}

function Jobs() {
  const filterId = useId();
  const [filter, setFilter] = useState<Filter>('');
  const query: Record<string, string> = filter ? { status: filter } : {};
  const jobs = useQuery({
    queryKey: queryKeys.ops.jobs(query),
    queryFn: ({ signal }) => api.jobs.list({ query, signal, silent: true }),
    keepPreviousData: true,
  });
  return (
    <>
      <div className="ops-jobs__filters">
        <label htmlFor={filterId}>Show</label>
        <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
          <option value="">All jobs</option>
          {JOB_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FILTER_LABELS[f]}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn--sm btn--ghost" onClick={() => jobs.reload()}>
          Refresh
        </button>
      </div>
      {jobs.error !== undefined ? (
        <Unavailable error={jobs.error} fallback="The jobs could not be loaded." />
      ) : !jobs.data ? (
        <Spinner label="Loading the jobs" />
      ) : jobs.data.items.length === 0 ? (
        <p className="card muted">No jobs here.</p>
      ) : (
        <table className="ops-team__table ops-jobs__table card">
          <caption>
            {jobs.data.totalCount} {jobs.data.totalCount === 1 ? 'job' : 'jobs'}
            {jobs.data.totalCount > jobs.data.items.length ? ` (newest ${jobs.data.items.length})` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Runs / ran</th>
              <th scope="col">Last error</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.data.items.map((job) => (
              <JobRow key={job.id} job={job} onRetried={() => jobs.reload()} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export default function JobsPage() {
  return (
    <section className="container ops-team ops-jobs" aria-labelledby="ops-jobs-title">
      <h1 id="ops-jobs-title">Background jobs</h1>
      <StaffGate>
        <Jobs />
      </StaffGate>
    </section>
  );
}
