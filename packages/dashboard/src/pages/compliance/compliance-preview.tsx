// Renders the compliance pages outside the app (Storybook): a memory router at a URL with each page
// under its real path (so the sidebar's links move between them), a fresh QueryClient, the generic
// modals and the toaster, as the app shell has them. The caller signs in and answers the network.
import { useState, type ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient } from '../../data/query-client.js';
import { QueryClientProvider } from '../../data/query-provider.js';
import AppToaster from '../../ui/app-toaster.js';
import { GenericModalProvider } from '../../ui/generic-modals.js';
import AssignedProjectsPage from './company/assigned-projects-page.js';
import CompanyProfilePage from './company/company-profile-page.js';
import ComplianceCenterPage from './company/compliance-center-page.js';
import AccessPage from './people/access-page.js';
import PublicLinksPage from './links/public-links-page.js';
import SharedByUsPage from './sharing/shared-by-us-page.js';
import SharedWithUsPage from './sharing/shared-with-us-page.js';
import UsersPage from './people/users-page.js';
import CertificatesPage from './vault/certificates-page.js';
import DocumentationsPage from './vault/documentations-page.js';
import InsurancesPage from './vault/insurances-page.js';
import LicensesPage from './vault/licenses-page.js';
import MessagesPage from './company/messages-page.js';

/** The compliance pages under their real paths (the sidebar's links navigate between them); the tests mount the same list. */
export const COMPLIANCE_PAGES: ReadonlyArray<readonly [string, ComponentType]> = [
  ['/compliance-center', ComplianceCenterPage],
  ['/companies/:id/profile', CompanyProfilePage],
  ['/users', UsersPage],
  ['/licenses', LicensesPage],
  ['/insurances', InsurancesPage],
  ['/certificates', CertificatesPage],
  ['/documentations', DocumentationsPage],
  ['/assigned-projects', AssignedProjectsPage],
  ['/access', AccessPage],
  ['/public-links', PublicLinksPage],
  ['/shared-with-us', SharedWithUsPage],
  ['/shared-by-us', SharedByUsPage],
  ['/messages', MessagesPage],
];

export function CompliancePreview({ url }: { url: string }) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <GenericModalProvider>
          <Routes>
            {COMPLIANCE_PAGES.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </Routes>
          <AppToaster />
        </GenericModalProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
