// Every route of SPEC §2 in one table: path, who may open it, and the lazily loaded page module.
// The router, the guards and the table test all read this list.
import type { ComponentType } from 'react';
import type { Access } from './access.js';

type PageModule = Promise<{ default: ComponentType }>;

export interface PageRoute {
  path: string;
  access: Access;
  /** Document title. */
  title: string;
  page: () => PageModule;
  /** 'bare': no header and footer (iframe embeds). */
  chrome?: 'bare';
}
export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

const p = (path: string, access: Access, title: string, page: () => PageModule, chrome?: 'bare'): PageRoute =>
  chrome ? { path, access, title, page, chrome } : { path, access, title, page };

/** SPEC §2.3: the old .html pages and /us. */
export const redirectRoutes: RedirectRoute[] = [
  { path: '/us', redirectTo: '/' },
  { path: '/index.html', redirectTo: '/' },
  { path: '/homeowner.html', redirectTo: '/' },
  { path: '/contractor.html', redirectTo: '/services' },
  { path: '/enterprise.html', redirectTo: '/products' },
  { path: '/municipality.html', redirectTo: '/how-it-works' },
];

const policyPage = () => import('../pages/public/privacy-policy-page.js');

/** SPEC §2.1: public routes (sign-in and sign-up paths are guest-only, §2.3). */
export const publicRoutes: PageRoute[] = [
  p('/', 'root', 'PermitDesk', () => import('../pages/not-found-page.js')),
  p('/embed', 'public', 'Permit lookup', () => import('../pages/public/embed-page.js'), 'bare'),
  p('/embed/construction-platform', 'public', 'Permit lookup', () => import('../pages/public/platform-embed-page.js'), 'bare'),
  p('/embed/us/:state?/:county?/:city?/:municipalityName?', 'public', 'Permit lookup', () => import('../pages/public/embed-page.js'), 'bare'),
  p('/search', 'public', 'Find your municipality', () => import('../pages/public/search-page.js')),
  p('/coverage', 'public', 'Coverage', () => import('../pages/public/coverage-page.js')),
  p('/integration/permits/:integrationPermitId?', 'public', 'Integrations', () => import('../pages/public/integration-page.js')),
  p('/verified', 'public', 'Email verified', () => import('../pages/auth/verified-page.js')),
  p('/us/:state/:county?/:city?/:municipalityName?', 'public', 'Permits by municipality', () => import('../pages/public/municipality-page.js')),
  p('/sign-in', 'guest', 'Sign In', () => import('../pages/auth/sign-in-page.js')),
  p('/sign-up', 'guest', 'Sign Up', () => import('../pages/auth/sign-up-choose-page.js')),
  p('/sign-up/individual', 'guest', 'Sign Up as an individual', () => import('../pages/auth/sign-up-individual-page.js')),
  p('/sign-up/company', 'guest', 'Sign Up as a company', () => import('../pages/auth/sign-up-company-page.js')),
  p('/sign-up/invite', 'guest', 'Accept your invitation', () => import('../pages/auth/sign-up-invite-page.js')),
  p('/sign-up/confirm', 'guest', 'Confirm your account', () => import('../pages/auth/sign-up-confirm-page.js')),
  p('/reset-password', 'public', 'Reset password', () => import('../pages/auth/reset-password-page.js')),
  p('/force-change-password', 'public', 'Choose a new password', () => import('../pages/auth/force-change-password-page.js')),
  p('/invite-user-type/:id/accept', 'public', 'Join a company', () => import('../pages/invitations/invite-user-type-page.js')),
  p('/compliance-wallet-share/:id/accept', 'invitation', 'Shared compliance wallet', () => import('../pages/invitations/wallet-share-page.js')),
  p('/welcome', 'public', 'Welcome', () => import('../pages/auth/welcome-page.js')),
  p('/roadmap', 'public', 'Roadmap', () => import('../pages/public/roadmap-page.js')),
  p('/how-it-works', 'public', 'How it works', () => import('../pages/public/how-it-works-page.js')),
  p('/products', 'public', 'Products', () => import('../pages/public/products-page.js')),
  p('/services', 'public', 'Services', () => import('../pages/public/services-page.js')),
  p('/support', 'public', 'Support', () => import('../pages/public/support-page.js')),
  p('/support/faq.html', 'public', 'Frequently asked questions', () => import('../pages/public/faq-page.js')),
  p('/legal', 'public', 'Legal', () => import('../pages/public/legal-page.js')),
  p('/legal/privacy-policy.html', 'public', 'Privacy policy', policyPage),
  p('/legal/terms-of-use.html', 'public', 'Terms of use', () => import('../pages/public/terms-page.js')),
  p('/mobile/privacy-policy', 'public', 'Privacy policy', policyPage),
  p('/m/privacy-policy', 'public', 'Privacy policy', policyPage),
  p('/quote/:quoteId', 'public', 'Your quote', () => import('../pages/public/quote-page.js')),
  // Issue 13: a company's public compliance link, opened by anyone without an account.
  p('/c/:token', 'public', 'Compliance documents', () => import('../pages/public/compliance-link-page.js')),
  // Issue 16: the homeowner's status page (a permit shared by its contractor), and its one-click unsubscribe.
  p('/status/unsubscribe/:token', 'public', 'Unsubscribe', () => import('../pages/status/unsubscribe-page.js')),
  p('/status/:token', 'public', 'Permit status', () => import('../pages/status/status-page.js')),
  // Issue 13: e-signature: a signer's page (the mailed link) and the check of a signed PDF.
  p('/sign/:token', 'public', 'Sign a document', () => import('../pages/esign/signing-page.js')),
  p('/esign/verify', 'public', 'Verify a signed document', () => import('../pages/esign/verify-page.js')),
  p('/migration', 'public', 'Account update', () => import('../pages/auth/migration-page.js')),
  p('/404', 'public', 'Page not found', () => import('../pages/not-found-page.js')),
];

/** SPEC §2.2: protected routes; the four invitation paths are guarded with 'Login Required' (§2.3). */
export const protectedRoutes: PageRoute[] = [
  p('/cloudfront/presigned', 'protected', 'Download', () => import('../pages/account/presigned-page.js')),
  p('/invitations/notify', 'protected', 'Invitations', () => import('../pages/invitations/invitations-notify-page.js')),
  p('/profile', 'protected', 'Settings', () => import('../pages/auth/profile-page.js')),
  p('/projects/:id/:permitId?', 'protected', 'Project', () => import('../pages/projects/project-page.js')),
  p('/permits/:id', 'protected', 'Permit', () => import('../pages/permits/permit-page.js')),
  p('/vendor-onboarding/:id', 'invitation', 'Vendor onboarding', () => import('../pages/invitations/vendor-onboarding-page.js')),
  p('/companies/new', 'protected', 'Add a New Company', () => import('../pages/compliance/company/new-company-page.js')),
  p('/compliance-center', 'protected', 'Compliance Center', () => import('../pages/compliance/company/compliance-center-page.js')),
  p('/compliance-center/integrations', 'protected', 'Integrations', () => import('../pages/compliance/integrations/integrations-page.js')),
  p('/companies/:id/profile', 'protected', 'Company Profile', () => import('../pages/compliance/company/company-profile-page.js')),
  p('/companies/:id/activity', 'protected', 'Company activity', () => import('../pages/compliance/company/company-activity-page.js')),
  p('/companies/:id/webhooks', 'protected', 'Webhooks', () => import('../pages/compliance/company/company-webhooks-page.js')),
  p('/users', 'protected', 'Users', () => import('../pages/compliance/people/users-page.js')),
  p('/access', 'protected', 'Access', () => import('../pages/compliance/people/access-page.js')),
  p('/public-links', 'protected', 'Public links', () => import('../pages/compliance/links/public-links-page.js')),
  // Issue 13: compliance wallets shared with the company and by it (shares and vendor links), both ways.
  p('/shared-with-us', 'protected', 'Shared with us', () => import('../pages/compliance/sharing/shared-with-us-page.js')),
  p('/shared-by-us', 'protected', 'Shared by us', () => import('../pages/compliance/sharing/shared-by-us-page.js')),
  p('/insurances', 'protected', 'Insurance', () => import('../pages/compliance/vault/insurances-page.js')),
  p('/certificates', 'protected', 'Certifications', () => import('../pages/compliance/vault/certificates-page.js')),
  p('/documentations', 'protected', 'Documentation', () => import('../pages/compliance/vault/documentations-page.js')),
  p('/assigned-projects', 'protected', 'Assigned Projects', () => import('../pages/compliance/company/assigned-projects-page.js')),
  p('/licenses', 'protected', 'Licenses', () => import('../pages/compliance/vault/licenses-page.js')),
  p('/messages', 'protected', 'Messages', () => import('../pages/compliance/company/messages-page.js')),
  p('/companies-recent-updates', 'protected', 'Updates', () => import('../pages/account/recent-updates-page.js')),
  p('/success', 'protected', 'Success', () => import('../pages/radar/success-page.js')),
  p('/success/demo/design-first', 'protected', 'Success', () => import('../pages/radar/success-page.js')),
  p('/success/demo/design-second', 'protected', 'Success', () => import('../pages/radar/success-page.js')),
  p('/data-collection/:projectId?/:permitId', 'protected', 'Data collection', () => import('../pages/data-collection/data-collection-page.js')),
  p('/project-radar-alt', 'protected', 'Project Radar', () => import('../pages/radar/project-radar-page.js')),
  p('/project-radar', 'protected', 'Project Radar', () => import('../pages/radar/project-radar-page.js')),
  p('/project-radar/search', 'protected', 'Project Radar search', () => import('../pages/radar/radar-search-page.js')),
  p('/project-radar/sorting', 'protected', 'Project Radar sorting', () => import('../pages/radar/radar-search-page.js')),
  p('/new-project', 'protected', 'New project', () => import('../pages/new-project/new-project-page.js')),
  p('/guest-access/:id/approve', 'invitation', 'Guest access', () => import('../pages/invitations/guest-access-page.js')),
  p('/custom-vendor-onboarding/:id/approve', 'invitation', 'Vendor approval', () => import('../pages/invitations/custom-vendor-onboarding-page.js')),
];

/**
 * The permit team's workspace (issue 12): signed-in routes whose pages open behind pages/ops/staff-gate.tsx
 * (operators; settings for service admins). The server refuses every workspace call to anyone else.
 */
export const opsRoutes: PageRoute[] = [
  p('/ops/municipalities', 'protected', 'Municipality directory', () => import('../pages/ops/municipalities/municipalities-page.js')),
  p('/ops/municipalities/:id', 'protected', 'Municipality', () => import('../pages/ops/municipalities/municipality-page.js')),
  p('/ops/permits/:id', 'protected', 'Permit desk', () => import('../pages/ops/desk/desk-page.js')),
  p('/ops/templates', 'protected', 'Stage message templates', () => import('../pages/ops/desk/templates-page.js')),
  p('/ops/team', 'protected', 'Permit team', () => import('../pages/ops/team-page.js')),
  p('/ops', 'protected', 'Permit queue', () => import('../pages/ops/queue/ops-queue-page.js')),
  p('/ops/settings', 'protected', 'Workspace settings', () => import('../pages/ops/settings/ops-settings-page.js')),
  p('/ops/jobs', 'protected', 'Background jobs', () => import('../pages/ops/jobs/jobs-page.js')),
  p('/ops/gate', 'protected', 'Pre-filing gate', () => import('../pages/ops/gate-requirements-page.js')),
  p('/ops/funnel', 'protected', 'Sign-up funnel', () => import('../pages/ops/funnel/funnel-page.js')),
];

export const pageRoutes: PageRoute[] = [...publicRoutes, ...protectedRoutes, ...opsRoutes];
export const NOT_FOUND_PATH = '/404';

/** Paths on which the header and footer are hidden (SPEC §2.4). */
export const isVendorOnboardingPath = (pathname: string): boolean =>
  /^\/(custom-)?vendor-onboarding(\/|$)/.test(pathname);
