// Compliance indicators per company (license, insurance, certificate, agreement) by core's rule, and
// the expiration credentials of a company (SPEC §3, §7.3). An agreement is a documentation of the
// company with its file (documentation does not expire).
import { complianceIndicator, indicatorColour, todayIso, type credentialSchema, type IndicatorItem, type Indicators } from '@permitdesk/core';
import { sql } from 'kysely';
import type * as v from 'valibot';
import { idArray } from '../rows/values.js';
import type { Db } from '../db/schema.js';

type Credential = v.InferOutput<typeof credentialSchema>;

interface StatusRow {
  kind: 'license' | 'insurance' | 'certificate' | 'agreement';
  company_id: number;
  status: 'active' | 'archived';
  expires_on: string | null;
}

/** The indicators of each company, in the order of `companyIds`. */
export async function companyIndicators(db: Db, companyIds: readonly number[], now: Date): Promise<Indicators[]> {
  if (companyIds.length === 0) return [];
  const ids = idArray(companyIds);
  const { rows } = await sql<StatusRow>`
    SELECT 'license' AS kind, company_id, status, to_char(expires_on, 'YYYY-MM-DD') AS expires_on FROM company_licenses WHERE company_id = ANY(${ids})
    UNION ALL
    SELECT 'insurance', company_id, status, to_char(expires_on, 'YYYY-MM-DD') FROM company_insurances WHERE company_id = ANY(${ids})
    UNION ALL
    SELECT 'certificate', company_id, status, to_char(expires_on, 'YYYY-MM-DD') FROM company_certificates WHERE company_id = ANY(${ids})
    UNION ALL
    SELECT 'agreement', company_id, status, NULL FROM company_documents
    WHERE company_id = ANY(${ids}) AND documentable_type = 'Company' AND file_name IS NOT NULL`.execute(db);
  const today = todayIso(now);
  const items = (companyId: number, kind: StatusRow['kind']): IndicatorItem[] =>
    rows.filter((row) => Number(row.company_id) === companyId && row.kind === kind).map((row) => ({ status: row.status, expiresOn: row.expires_on }));
  return companyIds.map((companyId) => ({
    companyId,
    license: complianceIndicator(items(companyId, 'license'), today),
    insurance: complianceIndicator(items(companyId, 'insurance'), today),
    certificate: complianceIndicator(items(companyId, 'certificate'), today),
    agreement: complianceIndicator(items(companyId, 'agreement'), today),
    // Issue 16: the tabs' colours, so a kind whose items have all expired shows red instead of nothing.
    colours: {
      license: indicatorColour(items(companyId, 'license'), today),
      insurance: indicatorColour(items(companyId, 'insurance'), today),
      certificate: indicatorColour(items(companyId, 'certificate'), today),
      agreement: indicatorColour(items(companyId, 'agreement'), today),
    },
  }));
}

/** The active licenses, insurances and certificates of a company with their expiry, soonest first. */
export async function companyCredentials(db: Db, companyId: number): Promise<Credential[]> {
  const { rows } = await sql<{ kind: Credential['kind']; id: number; name: string; expires_on: string | null }>`
    SELECT * FROM (
      SELECT 'license' AS kind, id, name, to_char(expires_on, 'YYYY-MM-DD') AS expires_on FROM company_licenses WHERE company_id = ${companyId} AND status = 'active'
      UNION ALL
      SELECT 'insurance', id, name, to_char(expires_on, 'YYYY-MM-DD') FROM company_insurances WHERE company_id = ${companyId} AND status = 'active'
      UNION ALL
      SELECT 'certificate', id, name, to_char(expires_on, 'YYYY-MM-DD') FROM company_certificates WHERE company_id = ${companyId} AND status = 'active'
    ) c ORDER BY c.expires_on NULLS LAST, lower(c.name), c.kind, c.id`.execute(db);
  const credentials: Credential[] = rows.map((row) => ({ kind: row.kind, id: Number(row.id), name: row.name, expiresOn: row.expires_on }));
  // The construction-platform connection (issue 14): its state only, never a token.
  const platform = await db
    .selectFrom('platform_connections')
    .select(['platform_name', 'account_name', 'status'])
    .where('company_id', '=', companyId)
    .where('status', '<>', 'revoked')
    .executeTakeFirst();
  if (platform) credentials.push({ kind: 'platform', id: companyId, name: platform.account_name ? `${platform.platform_name}: ${platform.account_name}` : platform.platform_name, expiresOn: null, state: platform.status });
  return credentials;
}
