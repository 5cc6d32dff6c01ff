// Handlers of the compliance center's calls (SPEC §7.3): each checks the caller's role in the company
// first (members read, Owner / Administrator change; 403 for anyone else), then reads or writes only
// rows of that company, so another company's item answers 404 through this company's path.
import { VENDOR_FOR_INDIVIDUAL, type endpoints } from '@permitdesk/core';
import { changedFields, recordAudit } from '../audit/audit.js';
import { NO_COMPANY_ACCESS } from '../companies/company-access.js';
import { auditActor } from '../http/audit-actor.js';
import { inTransaction } from '../db/transaction.js';
import type { Tx } from '../db/schema.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user.js';
import type { EndpointHandler, HandlerContext } from '../http/register.js';
import { requireCompanyManager, requireCompanyReader, requireVaultReader } from './access.js';
import { assignedProjects } from './assigned-projects.js';
import { listCompanyFiles, registerCompanyUpload } from './company-documents.js';
import { addComplianceType, listComplianceTypes } from './compliance-types.js';
import { createDocumentation, getDocumentation, listDocumentations, setDocumentationStatus, updateDocumentation } from './documentations.js';
import { companyCredentials, companyIndicators } from './indicators.js';
import { currentVendorsOf, guestFors, vendorFors } from './relations.js';
import { itemHistory, maySeeSharedItem } from './shared-access.js';
import { createItem, getItem, listItems, setItemStatus, updateItem, VAULT_KINDS, type ListFilter, type VaultInput, type VaultKind } from './vault-items.js';

type Companies = typeof endpoints.companies;
type Documents = typeof endpoints.documents;
type Ctx = Pick<HandlerContext<Companies['get']>, 'services' | 'user'>;

// ---- licenses, insurances, certificates, documentations ----

// The vault groups' parameters carry a computed key (licenseId, insuranceId...), which valibot's types
// widen; the catalogue has parsed them into numbers, so the handlers read them as such.
interface VaultRequest {
  params: Record<string, number>;
  query: ListFilter;
  body: VaultInput & { name: string; category?: 'Sorted' | 'Unneeded' | 'Unsorted' };
}
type VaultHandler = (ctx: Ctx & { user: AuthUser; c: HandlerContext<Companies['get']>['c'] }, req: VaultRequest) => Promise<unknown>;

type Item = Record<string, unknown>;
/** The item's id: licenseId, insuranceId, certificateId, or a documentation's documentId. */
const idOf = (kind: string, item: Item): string => String(item[`${kind}Id`] ?? item.documentId ?? item.id);
const auditedFields = ({ updatedAt: _updatedAt, ...fields }: Item): Record<string, unknown> => fields;

/**
 * A vault item's change and its audit entry (entity 'vault_item', id '<kind>:<id>') in one transaction:
 * `before` reads the item as it was (none for a creation), `change` makes the change and answers the item.
 */
async function auditedVaultChange<T>(
  ctx: Parameters<VaultHandler>[0],
  companyId: number,
  kind: string,
  action: 'created' | 'updated' | 'archived' | 'restored',
  before: ((trx: Tx) => Promise<unknown>) | null,
  change: (trx: Tx) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx.services.db, async (trx) => {
    const old = before ? ((await before(trx)) as Item) : null;
    const item = (await change(trx)) as Item;
    const diff = old ? changedFields(auditedFields(old), auditedFields(item)) : { before: null, after: auditedFields(item) };
    if (diff) {
      await recordAudit(trx, auditActor(ctx.c, ctx.user, 'customer'), {
        entity: 'vault_item',
        entityId: `${kind}:${idOf(kind, item)}`,
        action,
        companyId,
        before: diff.before ? { kind, ...diff.before } : null,
        after: { kind, ...diff.after },
      });
    }
    return item as T;
  });
}
export interface VaultHandlers {
  list: VaultHandler;
  get: VaultHandler;
  create: VaultHandler;
  update: VaultHandler;
  archive: VaultHandler;
  restore: VaultHandler;
}

const ITEM_KEY = { license: 'licenseId', insurance: 'insuranceId', certificate: 'certificateId' } as const;

/** The six handlers of one kind of vault item. */
export function vaultHandlers(kind: VaultKind): VaultHandlers {
  const itemId = (params: Record<string, number>) => params[ITEM_KEY[kind]]!;
  const status = (to: 'active' | 'archived'): VaultHandler => async (ctx, { params }) => {
    await requireCompanyManager(ctx, params.id!);
    return auditedVaultChange(ctx, params.id!, kind, to === 'archived' ? 'archived' : 'restored',
      (trx) => getItem(trx, kind, params.id!, itemId(params)),
      (trx) => setItemStatus(trx, kind, params.id!, itemId(params), to, ctx.services.clock()));
  };
  return {
    list: async (ctx, { params, query }) => {
      await requireVaultReader(ctx, params.id!);
      return listItems(ctx.services.db, kind, params.id!, query);
    },
    get: async (ctx, { params }) => {
      // A company the item is shared with (a wallet share, a vendor link: shared-access.ts) reads it too.
      await requireVaultReader(ctx, params.id!).catch(async (error: unknown) => {
        if (!(await maySeeSharedItem(ctx.services.db, ctx.user.sub, params.id!, kind, itemId(params)))) throw error;
      });
      return getItem(ctx.services.db, kind, params.id!, itemId(params));
    },
    create: async (ctx, { params, body }) => {
      await requireCompanyManager(ctx, params.id!);
      return auditedVaultChange(ctx, params.id!, kind, 'created', null, (trx) => createItem(trx, kind, params.id!, body, ctx.services.clock()));
    },
    update: async (ctx, { params, body }) => {
      await requireCompanyManager(ctx, params.id!);
      return auditedVaultChange(ctx, params.id!, kind, 'updated',
        (trx) => getItem(trx, kind, params.id!, itemId(params)),
        (trx) => updateItem(trx, kind, params.id!, itemId(params), body, ctx.services.clock()));
    },
    archive: status('archived'),
    restore: status('active'),
  };
}

/** The six handlers of a company's documentation. */
export function documentationHandlers(): VaultHandlers {
  const status = (to: 'active' | 'archived'): VaultHandler => async (ctx, { params }) => {
    await requireCompanyManager(ctx, params.id!);
    return auditedVaultChange(ctx, params.id!, 'documentation', to === 'archived' ? 'archived' : 'restored',
      (trx) => getDocumentation(trx, params.id!, params.documentId!),
      (trx) => setDocumentationStatus(trx, params.id!, params.documentId!, to, ctx.services.clock()));
  };
  const input = (body: VaultRequest['body']) => ({ name: body.name, category: body.category ?? 'Unsorted', documentId: body.documentId });
  return {
    list: async (ctx, { params, query }) => {
      await requireVaultReader(ctx, params.id!);
      return listDocumentations(ctx.services.db, params.id!, query);
    },
    get: async (ctx, { params }) => {
      await requireVaultReader(ctx, params.id!);
      return getDocumentation(ctx.services.db, params.id!, params.documentId!);
    },
    create: async (ctx, { params, body }) => {
      await requireCompanyManager(ctx, params.id!);
      return auditedVaultChange(ctx, params.id!, 'documentation', 'created', null, (trx) => createDocumentation(trx, params.id!, input(body), ctx.user.sub, ctx.services.clock()));
    },
    update: async (ctx, { params, body }) => {
      await requireCompanyManager(ctx, params.id!);
      return auditedVaultChange(ctx, params.id!, 'documentation', 'updated',
        (trx) => getDocumentation(trx, params.id!, params.documentId!),
        (trx) => updateDocumentation(trx, params.id!, params.documentId!, input(body), ctx.services.clock()));
    },
    archive: status('archived'),
    restore: status('active'),
  };
}

// ---- files ----

export const uploadCompanyDocument: EndpointHandler<Companies['uploadDocument']> = async (ctx, { params, body }) => {
  await requireCompanyManager(ctx, params.id);
  return registerCompanyUpload(ctx.services, ctx.services.db, { companyId: params.id, ...body, userId: ctx.user.sub, actor: auditActor(ctx.c, ctx.user, 'customer') });
};

export const companyDocuments: EndpointHandler<Companies['documents']> = async (ctx, { params }) => {
  await requireVaultReader(ctx, params.id);
  return listCompanyFiles(ctx.services.db, params.id);
};

/**
 * Issue 13: an item's history for its own company's members (file versions, changes) with every
 * download of its files by a company it is shared with. Not for guests nor the companies it is shared with.
 */
export const itemHistoryHandler: EndpointHandler<Companies['itemHistory']> = async (ctx, { params }) => {
  await requireCompanyReader(ctx, params.id);
  const history = await itemHistory(ctx.services.db, params.id, params.kind, params.itemId);
  if (!history) throw notFound(VAULT_KINDS[params.kind].notFound, VAULT_KINDS[params.kind].code);
  return history;
};

// ---- indicators, credentials, compliance types ----

export const indicatorsHandler: EndpointHandler<Documents['indicators']> = async (ctx, { query }) => {
  const ids = [...new Set(query.ids.split(',').map(Number))];
  if (ids.length > 100) throw badRequest('Ask for at most 100 companies at once.', 'TOO_MANY_IDS', { ids: 'At most 100 ids.' });
  const db = ctx.services.db;
  const vendorFor = query['vendor-for'];
  if (vendorFor === undefined) {
    for (const id of ids) await requireCompanyReader(ctx, id);
  } else {
    // Vendor mode: the caller's client (a company of theirs, or their personal account) sees the
    // indicators of its current vendors only.
    let client: number | typeof VENDOR_FOR_INDIVIDUAL;
    if (vendorFor === VENDOR_FOR_INDIVIDUAL) client = VENDOR_FOR_INDIVIDUAL;
    else if (/^[1-9]\d{0,9}$/.test(vendorFor)) client = await requireCompanyReader(ctx, Number(vendorFor)).then(() => Number(vendorFor));
    else throw badRequest('vendor-for is a company id or Individual.', 'VALIDATION_ERROR', { 'vendor-for': 'A company id or Individual.' });
    const vendors = await currentVendorsOf(db, client, ctx.user.sub, ids);
    if (ids.some((id) => !vendors.has(id))) throw forbidden(NO_COMPANY_ACCESS, 'COMPANY_FORBIDDEN');
  }
  return companyIndicators(db, ids, ctx.services.clock());
};

export const credentialsHandler: EndpointHandler<Documents['credentials']> = async (ctx, { query }) => {
  await requireCompanyReader(ctx, query.companyId);
  return companyCredentials(ctx.services.db, query.companyId);
};

export const complianceTypesHandler: EndpointHandler<Documents['complianceTypes']> = async (ctx, { query }) => {
  const companyId = query.companyId ?? null;
  if (companyId !== null) await requireCompanyReader(ctx, companyId);
  return listComplianceTypes(ctx.services.db, query.type, { companyId, userId: ctx.user.sub });
};

export const createComplianceTypeHandler: EndpointHandler<Documents['createComplianceType']> = async (ctx, { query, body }) => {
  const companyId = query.companyId ?? null;
  if (companyId !== null) await requireCompanyManager(ctx, companyId);
  return addComplianceType(ctx.services.db, query.type, body.name, { companyId, userId: ctx.user.sub }, ctx.services.clock());
};

// ---- projects and relations ----

export const assignedProjectsHandler: EndpointHandler<Companies['assignedProjects']> = async (ctx, { params, query }) => {
  await requireCompanyReader(ctx, params.id);
  return assignedProjects(ctx.services.db, params.id, query.page, query.size);
};

export const guestForsHandler: EndpointHandler<Companies['guestFors']> = async (ctx, { params }) => {
  await requireCompanyReader(ctx, params.id);
  return guestFors(ctx.services.db, params.id, ctx.user.sub);
};

export const vendorForsHandler: EndpointHandler<Companies['vendorFors']> = async (ctx, { params, query }) => {
  await requireCompanyReader(ctx, params.id);
  return vendorFors(ctx.services.db, params.id, ctx.user.sub, query.all === 'true');
};
