// The permit team's pages (/ops/...) open for operators only, under the workspace's menu; a service
// admin's pages for service admins.
// The server refuses every workspace call to anyone else (403): this gate only spares them a broken page.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../ui/spinner.js';
import { Unavailable } from '../../ui/unavailable.js';
import { OpsNav } from './ops-nav.js';
import { useStaffRole } from './use-staff-role.js';

export const STAFF_ONLY_PAGE = 'Only the permit team can open this page.';
export const SERVICE_ADMIN_ONLY_PAGE = 'Only a service admin can open this page.';

export function StaffGate({ children, adminOnly = false }: { children: ReactNode; adminOnly?: boolean }) {
  const { role, error } = useStaffRole();
  if (error !== undefined) return <Unavailable error={error} fallback="The permit team's workspace could not be loaded." />;
  if (role === undefined) return <Spinner label="Loading" />;
  const allowed = role !== null && (!adminOnly || role === 'service_admin');
  if (!allowed) {
    return (
      <div className="container container--text">
        <section className="card" role="alert">
          <h1>Not available</h1>
          <p>{role === null ? STAFF_ONLY_PAGE : SERVICE_ADMIN_ONLY_PAGE}</p>
          <Link to="/project-radar">Back to the Project Radar</Link>
        </section>
      </div>
    );
  }
  return (
    <>
      <OpsNav role={role} />
      {children}
    </>
  );
}
