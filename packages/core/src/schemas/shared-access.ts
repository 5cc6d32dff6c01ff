// Issue 13, part 1: what a wallet share or vendor link opens, seen from the owner's side. An item's
// history is its file versions and its changes (the audit trail), plus every download of its files by a
// company it is shared with (who, for which company, when, which version).
import * as v from 'valibot';
import { auditEntrySchema } from './audit.js';
import { idParamSchema, idSchema, timestampSchema } from './common.js';

/** The vault kinds a wallet share covers (documentation is never shared by a wallet). */
export const SHARED_ITEM_KINDS = ['license', 'insurance', 'certificate'] as const;
export type SharedItemKind = (typeof SHARED_ITEM_KINDS)[number];

export const sharedItemParamsSchema = v.object({ id: idParamSchema, kind: v.picklist(SHARED_ITEM_KINDS), itemId: idParamSchema });

export const fileVersionSchema = v.object({
  documentId: idSchema,
  fileName: v.string(),
  createdAt: timestampSchema,
  /** The file the item shows now; older versions are kept but never shared. */
  current: v.boolean(),
});

export const sharedDownloadSchema = v.object({
  id: idSchema,
  downloadedAt: timestampSchema,
  /** Who downloaded (null once their account is gone). */
  user: v.nullable(v.object({ name: v.string(), email: v.string() })),
  /** The company they read for; null for a personal account (a homeowner whose vendor this company is). */
  company: v.nullable(v.object({ id: idSchema, name: v.string() })),
  documentId: v.nullable(idSchema),
  fileName: v.string(),
});
export type SharedDownload = v.InferOutput<typeof sharedDownloadSchema>;

export const itemHistorySchema = v.object({
  kind: v.picklist(SHARED_ITEM_KINDS),
  itemId: idSchema,
  name: v.string(),
  versions: v.array(fileVersionSchema),
  changes: v.array(auditEntrySchema),
  downloads: v.array(sharedDownloadSchema),
});
export type ItemHistory = v.InferOutput<typeof itemHistorySchema>;
