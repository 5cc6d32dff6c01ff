// /projects/{id}/{permitId?}: a project, its permits as tabs, and the chosen permit in full (the first
// one when the URL names none).
import { permitStatusView, projectPermitUrl, type Permit } from '@permitdesk/core';
import { Link, useParams } from 'react-router';
import { MissingNotice } from '../../ui/missing-notice.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useGuidedTour } from '../../tours/use-guided-tour.js';
import { Spinner } from '../../ui/spinner.js';
import { PermitDetail } from '../permits/permit-detail.js';
import { ProjectNameEditor } from '../permits/project-name-editor.js';
import { useProjectAccess } from '../permits/use-project-access.js';
import { GuestNotice } from '../permits/guest-notice.js';
import { statusLabel } from '../../ui/status-bar.js';
import '../permits/permits.css';

const RADAR_WAY_BACK = [{ to: '/project-radar', label: 'Back to the Project Radar' }];

export default function ProjectPage() {
  const { id = '', permitId } = useParams();
  const project = useQuery({
    queryKey: queryKeys.projects.get(id),
    queryFn: ({ signal }) => api.projects.get({ params: { id }, signal, silent: true }),
  });
  const chosen = permitId ?? (project.data?.permits[0] ? String(project.data.permits[0].id) : null);
  const permit = useQuery<Permit>({
    queryKey: chosen ? queryKeys.permits.get(chosen) : null,
    queryFn: ({ signal }) => api.permits.get({ params: { id: chosen ?? '' }, signal, silent: true }),
  });
  useGuidedTour('permit-detail', permit.data !== undefined);
  const access = useProjectAccess(project.data ? id : null);
  const p = project.data;

  if (!p) {
    return (
      <div className="container">
        {project.loading ? (
          <div className="route-loading">
            <Spinner large label="Loading the project" />
          </div>
        ) : (
          <MissingNotice what="Project" error={project.error} fallback="This project could not be loaded." back={RADAR_WAY_BACK} />
        )}
      </div>
    );
  }
  const now = new Date();
  const rename = async (projectName: string) => {
    if (permit.data) {
      const updated = await api.permits.updateProjectName({ params: { id: permit.data.id }, query: { projectName }, silent: true });
      permit.set(updated);
      project.set({ ...p, name: updated.projectName ?? projectName });
    } else {
      project.set(await api.projects.update({ params: { id: p.id }, body: { name: projectName }, silent: true }));
    }
  };
  return (
    <div className="container permit-page">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <Link to="/project-radar">Project Radar</Link> › Project #{p.id}
      </nav>
      {access.guest && <GuestNotice />}
      <ProjectNameEditor name={p.name || p.customerName} save={access.canEdit ? rename : null} />
      <p className="page-lead project-page__lead">
        {p.customerName} · {p.projectAddress}
        {p.orderNumber ? ` · Order ${p.orderNumber}` : ''}
      </p>
      {p.permits.length === 0 ? (
        <p className="card">
          This project has no permits yet.{access.canEdit && <> <Link to={`/new-project?project=${p.id}`}>Add permits</Link></>}
        </p>
      ) : (
        <nav className="permit-tabs" aria-label="Permits of this project">
          {p.permits.map((item) => (
            <Link
              key={item.id}
              className="permit-tabs__tab"
              to={projectPermitUrl(p.id, item.id)}
              aria-current={String(item.id) === chosen ? 'page' : undefined}
            >
              <span className="permit-tabs__name">{item.taskName}</span>
              <span className="permit-tabs__status">{statusLabel(permitStatusView(item, now).status)}</span>
            </Link>
          ))}
        </nav>
      )}
      {permit.data ? (
        <PermitDetail permit={permit.data} onChange={permit.set} access={access} />
      ) : chosen && permit.loading ? (
        <Spinner large label="Loading the permit" />
      ) : chosen ? (
        <MissingNotice
          what="Permit"
          error={permit.error}
          fallback="This permit could not be loaded."
          back={p.permits[0] && String(p.permits[0].id) !== chosen ? [{ to: projectPermitUrl(p.id, p.permits[0].id), label: 'Open the first permit of this project' }, ...RADAR_WAY_BACK] : RADAR_WAY_BACK}
        />
      ) : null}
    </div>
  );
}
