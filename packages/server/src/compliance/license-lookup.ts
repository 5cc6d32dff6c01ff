// The license lookup (SPEC §3): a company's state license for the municipality's state and its local
// business license for the municipality itself; active and not expired, the newest first. Read from
// the vault's licenses, for the form engine's prefill and the project's data collection.
import type { LicenseLookup } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

export interface FoundLicense {
  companyId: number;
  licenseNo: string;
  name: string;
}

export interface LicenseMatch {
  stateLicense: FoundLicense | null;
  localLicense: FoundLicense | null;
}

/** The state code of a stateID parameter: a states.id or a two-letter code. */
export async function stateCodeOf(db: Db, stateId: string): Promise<string | null> {
  if (/^\d+$/.test(stateId)) {
    const row = await db.selectFrom('states').select('code').where('id', '=', Number(stateId)).executeTakeFirst();
    return row?.code ?? null;
  }
  return /^[A-Za-z]{2}$/.test(stateId) ? stateId.toUpperCase() : null;
}

export async function lookupLicenses(db: Db, companyId: number, municipalityId: number, stateCode?: string | null): Promise<LicenseMatch> {
  const { rows } = await sql<{ license_type: 'state' | 'local'; company_id: number; number: string | null; name: string }>`
    WITH place AS (SELECT COALESCE(${stateCode ?? null}::text, m.state_code) AS state_code FROM municipalities m WHERE m.id = ${municipalityId})
    SELECT DISTINCT ON (l.license_type) l.license_type, l.company_id, l.number, l.name
    FROM company_licenses l, place
    WHERE l.company_id = ${companyId} AND l.status = 'active'
      AND (l.expires_on IS NULL OR l.expires_on >= CURRENT_DATE)
      AND ((l.license_type = 'state' AND l.state_code = place.state_code) OR (l.license_type = 'local' AND l.municipality_id = ${municipalityId}))
    ORDER BY l.license_type, l.created_at DESC, l.id DESC`.execute(db);
  const pick = (type: 'state' | 'local'): FoundLicense | null => {
    const row = rows.find((r) => r.license_type === type);
    return row ? { companyId: Number(row.company_id), licenseNo: row.number ?? '', name: row.name } : null;
  };
  return { stateLicense: pick('state'), localLicense: pick('local') };
}

/** The lookup as GET /v4/companies/{id}/data-collection/licenses-fors answers it. */
export const toLicenseLookup = (match: LicenseMatch): LicenseLookup => ({
  stateLicense: match.stateLicense ? { companyId: match.stateLicense.companyId, licenseNo: match.stateLicense.licenseNo } : null,
  localLicense: match.localLicense ? { companyId: match.localLicense.companyId, licenseNo: match.localLicense.licenseNo } : null,
});
