// Test data shaped by core's schemas for the compliance pages, a signed-in session, and the pages mounted
// under their real paths (so the sidebar's links and the Vendors switch navigate between them).
import type { Company, CompanyRole, Documentation, Insurance, License, Permissions } from '@permitdesk/core';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { afterEach } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { sessionStore } from '../../../session/session.js';
import { profile, tokens } from '../../../test/fixtures.js';
import { LocationProbe, type LocationRecord } from '../../../test/location-probe.js';
import { WithQueryClient } from '../../../test/render.js';
import AppToaster from '../../../ui/app-toaster.js';
import { GenericModalProvider } from '../../../ui/generic-modals.js';
import { COMPLIANCE_PAGES } from '../compliance-preview.js';

afterEach(() => cleanup());

export const company = (id: number, name: string, role: CompanyRole | null): Company => ({
  id, name, role, guestAccess: false, classification: 1, parentId: null, status: 1, address: `${id} Main St, Denver, CO 80202`, fromURL: null, createdAt: '2026-01-01T10:00:00.000Z',
});

export const license = (licenseId: number, name: string, overrides: Partial<License> = {}): License => ({
  licenseId, licenseType: 'state', municipalityId: null, companyId: 11, name, number: `N-${licenseId}`, issuer: 'Colorado DORA', stateCode: 'CO',
  issuedOn: '2025-01-15', expiresOn: '2030-06-30', status: 'active', documentId: null, createdAt: '2026-01-01T10:00:00.000Z', fileName: null, file: null,
  ...overrides,
});

export const insurance = (insuranceId: number, name: string, overrides: Partial<Insurance> = {}): Insurance => {
  const { licenseId: _id, licenseType: _type, municipalityId: _m, ...base } = license(insuranceId, name);
  return { insuranceId, coverageAmount: null, ...base, ...overrides };
};

export const documentation = (documentId: number, name: string, overrides: Partial<Documentation> = {}): Documentation => ({
  documentId, companyId: 11, name, category: 'Unsorted', status: 'active', fileName: null, createdAt: '2026-02-03T15:04:00.000Z', file: null, ...overrides,
});

export const indicators = (companyId: number, values: { license?: boolean | null; insurance?: boolean | null; certificate?: boolean | null; agreement?: boolean | null } = {}) => ({
  companyId, license: null, insurance: null, certificate: null, agreement: null, ...values,
});

/** Signs in with these companies in the permissions (each render has its own QueryClient). */
export function signInWith(companies: Company[], currentCompanyId?: string) {
  localStorage.clear();
  const permissions: Permissions = Object.fromEntries(companies.map((c) => [String(c.id), { name: c.name, role: c.role ?? 'user' }]));
  sessionStore.getState().login(tokens(), profile({}, permissions));
  sessionStore.getState().stopAutoRefresh();
  if (currentCompanyId) sessionStore.getState().setCurrentCompanyId(currentCompanyId);
}

export function signOutNow() {
  sessionStore.setState({ isAuthenticated: false, authToken: null, refreshToken: null, user: null });
}


export function renderCompliance(url: string): RenderResult & { location: () => string } {
  const record: LocationRecord = { current: url };
  const view = render(
    <WithQueryClient>
      <MemoryRouter initialEntries={[url]}>
        <GenericModalProvider>
          <Routes>
            {COMPLIANCE_PAGES.map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <AppToaster />
        </GenericModalProvider>
        <LocationProbe record={record} />
      </MemoryRouter>
    </WithQueryClient>,
  );
  return { ...view, location: () => record.current };
}
