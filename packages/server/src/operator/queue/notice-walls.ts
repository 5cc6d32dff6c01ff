// The notice walls (SPEC §2.5, §9): the texts a contractor or a do-it-yourself homeowner must read and
// tick before requesting a permit, and whether each shows. Two global settings per wall (its flag and its
// JSON texts); changed by a service admin, audited as a setting. The widget reads them at the address step.
import { noticeWallKeys, type NoticeWallUpdate, type NotificationWallKind } from '@permitdesk/core';
import { recordAudit, type AuditActor } from '../../audit/audit.js';
import type { Tx } from '../../db/schema.js';

async function setSetting(trx: Tx, key: string, value: string, now: Date): Promise<string | null> {
  const before = await trx.selectFrom('global_settings').select('value').where('setting_key', '=', key).executeTakeFirst();
  await trx
    .insertInto('global_settings')
    .values({ setting_key: key, value, updated_at: now })
    .onConflict((oc) => oc.column('setting_key').doUpdateSet({ value, updated_at: now }))
    .execute();
  return before?.value ?? null;
}

export async function updateNoticeWall(trx: Tx, actor: AuditActor, kind: NotificationWallKind, update: NoticeWallUpdate, now: Date): Promise<void> {
  const keys = noticeWallKeys(kind);
  const flag = String(update.enabled);
  const texts = JSON.stringify(update.wall);
  const flagBefore = await setSetting(trx, keys.flag, flag, now);
  const textsBefore = await setSetting(trx, keys.texts, texts, now);
  if (flagBefore === flag && textsBefore === texts) return;
  await recordAudit(
    trx,
    actor,
    { entity: 'setting', entityId: keys.texts, action: 'updated', before: { [keys.flag]: flagBefore, [keys.texts]: textsBefore }, after: { [keys.flag]: flag, [keys.texts]: texts } },
    now,
  );
}
