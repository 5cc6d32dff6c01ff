// /permits/{id}: one permit with its project's name (editable), and the permit detail tour.
import { projectPermitUrl } from '@permitdesk/core';
import { Link, useParams } from 'react-router';
import { MissingNotice } from '../../ui/missing-notice.js';
import { queryKeys } from '../../data/query-keys.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { TourButton } from '../../tours/tour-button.js';
import { useGuidedTour } from '../../tours/use-guided-tour.js';
import { Spinner } from '../../ui/spinner.js';
import { PermitDetail } from './permit-detail.js';
import { GuestNotice } from './guest-notice.js';
import { ProjectNameEditor } from './project-name-editor.js';
import { useProjectAccess } from './use-project-access.js';

export default function PermitPage() {
  const { id = '' } = useParams();
  const permit = useQuery({
    queryKey: queryKeys.permits.get(id),
    queryFn: ({ signal }) => api.permits.get({ params: { id }, signal, silent: true }),
  });
  useGuidedTour('permit-detail', permit.data !== undefined);
  const p = permit.data;
  const access = useProjectAccess(p?.projectId);
  return (
    <div className="container permit-page">
      {p ? (
        <>
          <div className="row row--between">
            <nav className="breadcrumbs" aria-label="Breadcrumbs">
              <Link to="/project-radar">Project Radar</Link> › <Link to={projectPermitUrl(p.projectId, p.id)}>Project #{p.projectId}</Link> › Permit #{p.id}
            </nav>
            <TourButton id="permit-detail" />
          </div>
          {access.guest && <GuestNotice />}
          <ProjectNameEditor
            name={p.projectName ?? p.customerName}
            save={access.canEdit ? async (projectName) => permit.set(await api.permits.updateProjectName({ params: { id: p.id }, query: { projectName }, silent: true })) : null}
          />
          <PermitDetail permit={p} onChange={permit.set} access={access} />
        </>
      ) : permit.loading ? (
        <div className="route-loading">
          <Spinner large label="Loading the permit" />
        </div>
      ) : (
        <MissingNotice what="Permit" error={permit.error} fallback="This permit could not be loaded." back={[{ to: '/project-radar', label: 'Back to the Project Radar' }]} />
      )}
    </div>
  );
}
