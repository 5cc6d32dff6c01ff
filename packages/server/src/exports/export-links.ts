// Signed download links for the CSV exports (issue 18). A browser download cannot send the bearer
// header, so the dashboard asks for a link: every parameter of the export (which one, its company and
// filters), the user it is for and its expiry (EXPORT_LINK_TTL_SECONDS) are signed together with a key
// of their own (services.exportLinks), so none can be changed, added or dropped. A link carries no
// access of its own: the download checks its user's access again, as the bearer export does.
import {
  EXPORT_LINK_MESSAGES,
  EXPORT_VAULT_KINDS,
  idParamSchema,
  EXPORT_LINK_TTL_SECONDS,
  exportLinkRequestSchema,
  radarExportQuerySchema,
  vaultExportQuerySchema,
  type ExportVaultKind,
} from '@permitdesk/core';
import * as v from 'valibot';
import { badRequest, forbidden } from '../http/errors.js';
import type { UrlSigner } from '../storage/url-signing.js';

/** The signer's key for export links (the "path" every link's signature covers). */
const LINK_KEY = 'exports/download';
export const DOWNLOAD_PATH = '/v4/exports/download';

export type ExportTarget = v.InferOutput<typeof exportLinkRequestSchema>;
type RadarQuery = v.InferOutput<typeof radarExportQuerySchema>;

const withoutPaging = ({ page: _page, size: _size, ...filters }: RadarQuery) => filters;

/** The target's parameters as text (page and size are not part of an export). */
function targetParams(target: ExportTarget): Record<string, string> {
  const params: Record<string, string> = { export: target.export };
  const filters: Record<string, unknown> = target.export === 'radar' ? withoutPaging(target.query) : { companyId: target.companyId, ...target.query };
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params[name] = String(value);
  }
  return params;
}

/** A signed link for `userId` to `target`, valid EXPORT_LINK_TTL_SECONDS from `now`. */
export function signExportLink(signer: UrlSigner, publicUrl: string, userId: string, target: ExportTarget, now: Date): { url: string; expiresAt: string } {
  const exp = Math.floor(now.getTime() / 1000) + EXPORT_LINK_TTL_SECONDS;
  const signed = signer.sign(LINK_KEY, { ...targetParams(target), u: userId, exp: String(exp) });
  return { url: `${publicUrl.replace(/\/$/, '')}${DOWNLOAD_PATH}?${signed}`, expiresAt: new Date(exp * 1000).toISOString() };
}

export type CheckedLink =
  | { userId: string; export: 'radar'; query: RadarQuery }
  | { userId: string; export: ExportVaultKind; companyId: number; query: v.InferOutput<typeof vaultExportQuerySchema> };

/** The user and export of a download link's query; 403 when it was changed or has expired. */
export function checkExportLink(signer: UrlSigner, params: URLSearchParams, now: Date): CheckedLink {
  const result = signer.check(LINK_KEY, params, Math.floor(now.getTime() / 1000));
  if (result === 'expired') throw forbidden(EXPORT_LINK_MESSAGES.expired, 'EXPORT_LINK_EXPIRED');
  if (result !== 'ok') throw forbidden(EXPORT_LINK_MESSAGES.invalid, 'EXPORT_LINK_INVALID');
  const { export: kind, u, exp: _exp, sig: _sig, companyId, ...query } = Object.fromEntries(params);
  const userId = u ?? '';
  // Only this server signs, so a valid signature over bad parameters means a bug, not a caller's mistake.
  const invalid = () => badRequest(EXPORT_LINK_MESSAGES.invalid, 'EXPORT_LINK_INVALID');
  if (kind === 'radar') {
    const parsed = v.safeParse(radarExportQuerySchema, { ...query, ...(companyId ? { companyId } : {}) });
    if (!parsed.success) throw invalid();
    return { userId, export: 'radar', query: parsed.output };
  }
  const vault = v.safeParse(v.object({ export: v.picklist(EXPORT_VAULT_KINDS), companyId: idParamSchema }), { export: kind, companyId });
  const filters = v.safeParse(vaultExportQuerySchema, query);
  if (!vault.success || !filters.success) throw invalid();
  return { userId, export: vault.output.export, companyId: vault.output.companyId, query: filters.output };
}
