// The whole database as Kysely sees it, composed from each area's table types (db/tables/), and the
// handle types every module uses. One type for every table: no feature lays its own view over it.
import type { Kysely, Transaction } from 'kysely';
import type { AuditTables } from './tables/audit.js';
import type { ComplianceTables } from './tables/compliance.js';
import type { ComplianceLinkTables } from './tables/compliance-links.js';
import type { DirectoryTables } from './tables/directory.js';
import type { EsignTables } from './tables/esign.js';
import type { FileTables } from './tables/files.js';
import type { GateTables } from './tables/gate.js';
import type { FunnelTables } from './tables/funnel.js';
import type { GuestAccessTables } from './tables/guest-access.js';
import type { IdempotencyTables } from './tables/idempotency.js';
import type { IdentityTables } from './tables/identity.js';
import type { IntegrationTables } from './tables/integrations.js';
import type { InvitationTables } from './tables/invitations.js';
import type { JobTables } from './tables/jobs.js';
import type { MailTables } from './tables/mail.js';
import type { OpsDeskTables } from './tables/ops-desk.js';
import type { OpsTables } from './tables/ops.js';
import type { PermitTables } from './tables/permits.js';
import type { PlatformTables } from './tables/platform.js';
import type { RateLimitTables } from './tables/rate-limits.js';
import type { ReminderTables } from './tables/reminders.js';
import type { ReferenceTables } from './tables/reference.js';
import type { SharedAccessTables } from './tables/shared-access.js';
import type { SignupTables } from './tables/signup.js';
import type { StatusLinkTables } from './tables/status-links.js';

export interface Database
  extends IdentityTables,
    MailTables,
    FileTables,
    ReferenceTables,
    PermitTables,
    SignupTables,
    ComplianceTables,
    InvitationTables,
    IntegrationTables,
    IdempotencyTables,
    RateLimitTables,
    AuditTables,
    DirectoryTables,
    OpsDeskTables,
    OpsTables,
    GuestAccessTables,
    ComplianceLinkTables,
    SharedAccessTables,
    EsignTables,
    JobTables,
    StatusLinkTables,
    ReminderTables,
    GateTables,
    FunnelTables,
    PlatformTables {}

/** The shared handle, or a transaction on it (a Tx is a Db). */
export type Db = Kysely<Database>;
/** A handle that must be inside a transaction. */
export type Tx = Transaction<Database>;

/**
 * Every table the migrations create. The compiler checks each name is a key of `Database`; db/types.test.ts
 * checks every key is listed and that the list matches the migrations' CREATE TABLE statements.
 */
export const TABLES = [
  'users', 'identity_codes', 'refresh_tokens', 'auth_throttle', 'session_handoffs', 'companies', 'company_users',
  'mail_outbox', 'files', 'multipart_uploads',
  'permit_stages', 'global_settings', 'states', 'administrative_areas', 'municipalities', 'municipality_search_version', 'permit_tasks',
  'task_inspections', 'task_fees', 'address_counts',
  'projects', 'permits', 'radar_counts', 'permit_inspections', 'conversations', 'conversation_messages',
  'project_assignments', 'cancellation_requests', 'permit_stage_history', 'data_collections', 'permit_documents',
  'form_entries', 'project_updates',
  'email_verifications', 'signup_flows', 'signup_flow_keys',
  'company_licenses', 'company_documents', 'company_insurances', 'company_certificates', 'compliance_types',
  'invitations', 'company_vendors', 'company_guests', 'wallet_shares',
  'permit_quotes', 'esign_documents', 'esign_passcode_secrets',
  'idempotency_keys', 'rate_limits',
  'audit_events',
  'municipality_directory',
  'ops_stage_templates', 'permit_fees', 'message_attachments',
  'ops_stage_sla', 'ops_saved_views',
  'guest_scopes', 'company_guest_projects',
  'compliance_links', 'compliance_link_items', 'compliance_link_visits', 'compliance_link_downloads',
  'user_two_factor', 'user_recovery_codes',
  'shared_file_downloads',
  'esign_envelopes', 'esign_signers',
  'expiry_reminders', 'expiry_digests', 'company_reminder_settings', 'calendar_feeds',
  'platform_connections', 'platform_oauth_states', 'platform_project_links', 'platform_inbound_events', 'platform_signin_nonces', 'platform_documents',
  'jobs', 'job_schedules', 'webhook_subscriptions', 'webhook_deliveries', 'webhook_delivery_attempts',
  'permit_status_links', 'permit_status_subscribers',
  'gate_requirements',
  'funnel_events',
] as const satisfies readonly (keyof Database)[];
