// /users, /access, /licenses, /insurances, /certificates, /documentations, /assigned-projects, /messages:
// how many items the current company has of each kind (placeholder until the compliance layout lands).
import { useLocation } from 'react-router';
import { DataState } from '../../components/data-state.js';
import { useQuery } from '../../data/use-query.js';
import { api } from '../../session/api.js';
import { useAuth } from '../../session/session.js';

const SECTIONS = {
  '/users': { title: 'Users', count: (id: string) => api.companies.roles({ params: { id } }).then((r) => r.roles.length) },
  '/access': { title: 'Access', count: (id: string) => api.companies.guestFors({ params: { id } }).then((r) => r.length) },
  '/licenses': { title: 'Licenses', count: (id: string) => api.companies.licenses.list({ params: { id } }).then((r) => r.length) },
  '/insurances': { title: 'Insurance', count: (id: string) => api.companies.insurances.list({ params: { id } }).then((r) => r.length) },
  '/certificates': { title: 'Certifications', count: (id: string) => api.companies.certificates.list({ params: { id } }).then((r) => r.length) },
  '/documentations': { title: 'Documentation', count: (id: string) => api.companies.documentations.list({ params: { id } }).then((r) => r.length) },
  '/assigned-projects': { title: 'Assigned Projects', count: (id: string) => api.companies.assignedProjects({ params: { id } }).then((r) => r.totalCount) },
  '/messages': { title: 'Messages', count: (id: string) => api.companies.vendors({ params: { id } }).then((r) => r.length) },
} as const;

export default function ComplianceSectionPage() {
  const { pathname } = useLocation();
  const section = SECTIONS[pathname.replace(/\/$/, '') as keyof typeof SECTIONS] ?? SECTIONS['/licenses'];
  const companyId = useAuth((s) => s.currentCompanyId);
  const count = useQuery(companyId ? `company:${companyId}:${pathname}` : null, () => section.count(companyId ?? ''));
  return (
    <div className="container container--text">
      <h1 className="page-title">{section.title}</h1>
      {companyId ? (
        <DataState query={count}>{(n) => <p className="page-lead" data-testid="section-count">{n} in this company</p>}</DataState>
      ) : (
        <p className="card">Choose a company in the account menu to see its {section.title.toLowerCase()}.</p>
      )}
    </div>
  );
}
