// CSV exports (issue 18): the radar's current view and each vault table of a company, streamed, and the
// short-lived signed link a browser download opens (it cannot send the bearer header).
import * as v from 'valibot';
import { idSchema, timestampSchema } from './common.js';
import { DOCUMENTATION_CATEGORIES } from './company.js';
import { projectSearchParamsSchema } from './permit.js';

/** The vault tables a company's export covers, as they appear in the export's path. */
export const EXPORT_VAULT_KINDS = ['licenses', 'insurances', 'certificates', 'documentations'] as const;
export type ExportVaultKind = (typeof EXPORT_VAULT_KINDS)[number];

/** The file name of a vault table's export ('licenses.csv'), read as its kind. */
export const exportVaultFileSchema = v.pipe(
  v.picklist(EXPORT_VAULT_KINDS.map((kind) => `${kind}.csv` as const)),
  v.transform((file): ExportVaultKind => file.slice(0, -'.csv'.length) as ExportVaultKind),
);

/** How long a signed download link stays valid. */
export const EXPORT_LINK_TTL_SECONDS = 60;

/** GET /v4/exports/radar.csv: exactly the radar search's filters and sort (page and size are ignored). */
export const radarExportQuerySchema = projectSearchParamsSchema;
export type RadarExportQuery = v.InferInput<typeof radarExportQuerySchema>;

/** GET /v4/exports/companies/{id}/{kind}.csv: the vault table's own filters (a category: documentations only). */
export const vaultExportQuerySchema = v.object({
  keyword: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  status: v.optional(v.picklist(['active', 'archived'])),
  category: v.optional(v.picklist(DOCUMENTATION_CATEGORIES)),
});
export type VaultExportQuery = v.InferInput<typeof vaultExportQuerySchema>;

/** POST /v4/exports/links: the export a link is for, with the same parameters as its GET. */
export const exportLinkRequestSchema = v.variant('export', [
  v.object({ export: v.literal('radar'), query: v.optional(radarExportQuerySchema, {}) }),
  v.object({ export: v.picklist(EXPORT_VAULT_KINDS), companyId: idSchema, query: v.optional(vaultExportQuerySchema, {}) }),
]);
export type ExportLinkRequest = v.InferInput<typeof exportLinkRequestSchema>;

/** A download link: an absolute URL, valid until expiresAt, that needs no bearer header. */
export const exportLinkSchema = v.object({ url: v.string(), expiresAt: timestampSchema });
export type ExportLink = v.InferOutput<typeof exportLinkSchema>;

/**
 * The query of a download link: the export's own parameters plus its user (u), expiry (exp, epoch
 * seconds) and signature (sig), which covers every parameter. Checked by the signature, not here: a
 * changed or missing one is refused as an invalid link.
 */
export const exportDownloadQuerySchema = v.looseObject({
  export: v.optional(v.string()),
  u: v.optional(v.string()),
  exp: v.optional(v.string()),
  sig: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** The radar export's columns, in order. */
export const RADAR_CSV_COLUMNS = [
  'permit id', 'project id', 'customer name', 'order number', 'job address', 'task', 'municipality', 'stage', 'status',
  'permit number', 'project value', 'assigned', 'created at', 'issued at', 'expires at', 'cancellation requested',
] as const;

/** Each vault table's columns, in order. */
export const VAULT_CSV_COLUMNS: Record<ExportVaultKind, readonly string[]> = {
  licenses: ['license id', 'name', 'type', 'number', 'issuer', 'state', 'municipality id', 'issued on', 'expires on', 'status', 'file', 'created at'],
  insurances: ['insurance id', 'name', 'number', 'issuer', 'state', 'coverage amount', 'issued on', 'expires on', 'status', 'file', 'created at'],
  certificates: ['certificate id', 'name', 'number', 'issuer', 'state', 'issued on', 'expires on', 'status', 'file', 'created at'],
  documentations: ['document id', 'name', 'category', 'status', 'file', 'created at'],
};

/** What a refused download link says (the server's answer, shown by the dashboard). */
export const EXPORT_LINK_MESSAGES = {
  invalid: 'This download link is not valid.',
  expired: 'This download link has expired. Export the table again.',
} as const;
