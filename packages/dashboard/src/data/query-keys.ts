// Every query key of the dashboard, in one place. A key is an array; its prefixes name groups, so a
// write invalidates exactly the group it changes (e.g. `queryKeys.compliance.all` after a vault edit).
import type { ProjectSearchParams } from '@permitdesk/core';

export const queryKeys = {
  // Public lookups (kept for the session).
  coverage: ['coverage'],
  policy: (kind: string) => ['policy', kind],
  permitServices: ['permit-services'],
  municipality: (slug: string) => ['municipality', slug],
  municipalities: (query: Record<string, unknown>) => ['municipalities', query],
  tasks: ['tasks'],
  permitStages: ['permit-stages'],
  globalSettings: ['global-settings'],
  integration: (id: string) => ['integration', id],
  presigned: (url: string) => ['presigned', url],
  quote: (quoteId: string, agent: string, org: string) => ['quote', quoteId, agent, org],
  /** A desk quote read by the signed-in customer (issue 12). */
  permitQuote: (quoteId: string) => ['permit-quote', quoteId],
  municipalityChoices: (state: string, keyword: string) => ['municipality-choices', state, keyword],
  emailExists: (email: string) => ['email-exists', email],

  // The signed-in user's companies (the sidebar, the company list): a company write invalidates it.
  companies: ['companies'],
  /** Reads scoped to the current company (the header's update badge): asked again on a company switch. */
  company: {
    all: ['company'],
    updates: (companyId: string) => ['company', companyId, 'updates'],
  },
  updatesList: (companyId: string) => ['updates-list', companyId],

  /** Settings' account self-service (issue 18). */
  account: {
    twoFactor: ['account', 'two-factor'],
    deletion: ['account', 'deletion'],
    companyMembers: (companyId: number) => ['account', 'company-members', companyId],
  },
  /** The guided tours the signed-in user has seen (server-side, per user). */
  toursSeen: ['tours-seen'],

  // The permit team's workspace (/ops): a write invalidates `ops.all`.
  ops: {
    all: ['ops'],
    status: ['ops', 'status'],
    /** A permit's quotes on the desk. */
    quotes: (permitId: number) => ['ops', 'quotes', permitId],
    municipalities: (query: Record<string, unknown>) => ['ops', 'municipalities', query],
    municipality: (id: string) => ['ops', 'municipality', id],
    /** The permit desk of one permit. */
    desk: (id: string) => ['ops', 'desk', id],
    /** The stage message templates. */
    templates: ['ops', 'templates'],
    team: ['ops', 'team'],
    /** The queue's page for a query (pages/ops/queue). */
    queue: (query: Record<string, string>) => ['ops', 'queue', query],
    views: ['ops', 'views'],
    /** The operators a permit can be assigned to. */
    teamMembers: ['ops', 'team-members'],
    sla: ['ops', 'sla'],
    /** The job queue's page for a filter (pages/ops/jobs). */
    jobs: (query: Record<string, string>) => ['ops', 'jobs', query],
    /** The sign-up funnel's report for a range and origin (pages/ops/funnel). */
    funnel: (query: Record<string, string>) => ['ops', 'funnel', query],
  },
  /** A company's audit trail (its owner's /companies/:id/activity). */
  companyActivity: (companyId: string, page: number) => ['company-activity', companyId, page],
  /** A company's webhook subscriptions, and one subscription's delivery log (issue 14). */
  webhooks: (companyId: string) => ['webhooks', companyId],
  webhookDeliveries: (companyId: string, webhookId: string) => ['webhooks', companyId, webhookId, 'deliveries'],

  // Projects and permits.
  projects: {
    /** The radar's search and the header's suggestions: a row action invalidates both. */
    search: ['projects', 'search'],
    radar: (request: ProjectSearchParams) => ['projects', 'search', 'radar', request],
    suggestions: (request: ProjectSearchParams) => ['projects', 'search', 'suggestions', request],
    get: (id: string) => ['projects', 'get', id],
    /** The caller's access to a project (issue 13: the page hides what it may not do). */
    access: (id: string) => ['projects', 'access', id],
    permitData: (projectId: string, permitId: string) => ['projects', 'permit-data', projectId, permitId],
  },
  permits: {
    get: (id: string) => ['permits', 'get', id],
    bySession: (session: string) => ['permits', 'session', session],
    cancellation: (id: number) => ['permits', 'cancellation', id],
    documents: (id: number | string) => ['permits', 'documents', id],
    /** The customer-safe trail, read again at each revision of the permit. */
    activity: (id: number, revision: string, audience: 'customer' | 'team' = 'customer') => ['permits', 'activity', id, revision, audience],
  },
  forms: {
    definition: (formId: string | number) => ['forms', formId, 'definition'],
    /** Entry data of one form for one permit (every account). */
    entries: (formId: string | number, permitId: number) => ['forms', formId, 'entry', permitId],
    entry: (formId: string | number, permitId: number, account: string) => ['forms', formId, 'entry', permitId, account],
    licenses: (account: string, municipalityId: number | string) => ['forms', 'licenses', account, municipalityId],
  },

  // Compliance: the summaries a vault change can alter sit under `compliance.all` (kept for the session).
  compliance: {
    all: ['compliance'],
    indicators: (ids: string, vendorFor: string) => ['compliance', 'indicators', ids, vendorFor],
    credentials: (companyId: string) => ['compliance', 'credentials', companyId],
    vendorName: (vendorFor: string, companyId: string) => ['compliance', 'vendor-name', vendorFor, companyId],
  },
  /** A company's vault lists (license, insurance, certificate, documentation), read per visit. */
  vault: {
    /** Every list of one kind for one company: what a change of one of its records invalidates. */
    of: (kind: string, companyId: string) => ['vault', kind, companyId],
    items: (kind: string, companyId: string, vendorFor: string, status: string, searched: string) => ['vault', kind, companyId, vendorFor, status, searched],
    /** The company's names for a kind (kept for the session). */
    types: (kind: string, companyId: string) => ['vault-types', kind, companyId],
  },
  vendors: {
    profile: (vendorFor: string, vendorId: string) => ['vendors', 'profile', vendorFor, vendorId],
    search: (keyword: string) => ['vendors', 'search', keyword],
    messages: (vendorFor: string, vendorId: string) => ['vendors', 'messages', vendorFor, vendorId],
  },
  people: {
    roles: (companyId: string) => ['people', 'roles', companyId],
    guestFors: (companyId: string) => ['people', 'guest-fors', companyId],
    guestRequests: (companyId: string) => ['people', 'guest-requests', companyId],
  },
  /** Issue 13: a company's guest grants both ways, and its projects to choose from when inviting a guest. */
  guestAccess: {
    grants: (companyId: string) => ['guest-access', 'grants', companyId],
    /** The guest invitation's project picker: the company's projects matching a keyword (issue 18). */
    projects: (companyId: string, keyword: string) => ['guest-access', 'projects', companyId, keyword],
  },
  /** Issue 13: a company's public compliance links (a create or revoke invalidates `all` of the company), one link's visits, the wallet to choose from. */
  complianceLinks: {
    all: (companyId: string) => ['compliance-links', companyId],
    detail: (companyId: string, linkId: number) => ['compliance-links', companyId, 'detail', linkId],
    wallet: (companyId: string) => ['compliance-links', companyId, 'wallet'],
  },
  /** Issue 13: wallets shared with a company and by it (a revoke, withdraw or vendor end invalidates `all`), a share's items, an item's history. */
  sharing: {
    all: ['sharing'] as const,
    withUs: (companyId: string) => ['sharing', 'with-us', companyId],
    byUs: (companyId: string) => ['sharing', 'by-us', companyId],
    items: (ownerId: number, viewerId: number) => ['sharing', 'items', ownerId, viewerId],
    history: (companyId: number, kind: string, itemId: number) => ['sharing', 'history', companyId, kind, itemId],
  },
  /** A public compliance link as its visitor opens it (one visit per page load). */
  publicLink: (token: string) => ['public-link', token],
  /** Issue 13: e-signature envelopes of a permit or a company (a send, void or remind invalidates `all`), and a signer's envelope. */
  esign: {
    all: ['esign'],
    ofPermit: (permitId: number) => ['esign', 'permit', permitId],
    ofCompany: (companyId: string) => ['esign', 'company', companyId],
    signing: (token: string) => ['esign-signing', token],
  },
  /** Issue 16: the homeowner's status page as its holder opens it, and a permit's status links (its editors). */
  statusPage: (token: string) => ['status-page', token],
  statusLinks: (permitId: number) => ['status-links', permitId],
  assignedProjects: (companyId: string, page: number) => ['assigned-projects', companyId, page],
  /** Who a permit can be assigned to: the company's users or vendors. */
  assignees: (kind: string, companyId: string) => ['assignees', kind, companyId],

  // Invitations.
  invitations: {
    all: ['invitations'],
    lists: ['invitations', 'lists'],
    lookup: (type: string, id: string) => ['invitations', 'lookup', type, id],
    sharedDocuments: (invitationId: number, version: number) => ['invitations', 'shared-documents', invitationId, version],
  },
} as const;
