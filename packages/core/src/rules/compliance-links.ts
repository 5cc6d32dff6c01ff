// The public compliance link's rules (issue 13), the same on the server and the dashboard: an item's live
// state from core's expiry rule, its words, and whether a link is still open.
import type { ComplianceLink, LinkItemState, LinkStatus, PublicLinkItem } from '../schemas/compliance-links.js';
import { daysUntil, expiryState } from './compliance.js';

/**
 * An item's state on the public page: expired first (a lapsed insurance is the news), then a missing
 * file, then expiring within 30 days (core's EXPIRING_SOON_DAYS), else valid. No expiry date: valid.
 */
export function linkItemState(expiresOn: string | null, hasFile: boolean, today: string): { state: LinkItemState; daysLeft: number | null } {
  const expiry = expiryState(expiresOn, today);
  const daysLeft = daysUntil(expiresOn, today);
  if (expiry === 'expired') return { state: 'expired', daysLeft };
  if (!hasFile) return { state: 'missing', daysLeft };
  return { state: expiry === 'expiring' ? 'expiring' : 'valid', daysLeft };
}

const dayWord = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** 'Valid', 'Expiring in 12 days', 'Expires today', 'Expired', 'Missing file'. */
export function linkItemStateText(item: Pick<PublicLinkItem, 'state' | 'daysLeft'>): string {
  switch (item.state) {
    case 'expired':
      return 'Expired';
    case 'missing':
      return 'Missing file';
    case 'expiring':
      return item.daysLeft === 0 ? 'Expires today' : `Expiring in ${dayWord(item.daysLeft ?? 0)}`;
    default:
      return 'Valid';
  }
}

/** A link is open until it is revoked or its expiry passes. */
export function linkStatus(link: { revokedAt: string | Date | null; expiresAt: string | Date }, now: Date): LinkStatus {
  if (link.revokedAt) return 'revoked';
  return new Date(link.expiresAt).getTime() <= now.getTime() ? 'expired' : 'active';
}

export const LINK_STATUS_LABELS: Readonly<Record<LinkStatus, string>> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
export const LINK_ITEM_KIND_LABELS: Readonly<Record<ComplianceLink['items'][number]['kind'], string>> = {
  license: 'License',
  insurance: 'Insurance',
  certificate: 'Certificate',
  documentation: 'Documentation',
};

/**
 * An item's live validity wherever it is shown to another side (a public link, a wallet share, a vendor's
 * wallet): the state and its words, e.g. { state: 'expiring', daysLeft: 12, text: 'Expiring in 12 days' }.
 */
export function itemValidity(item: { expiresOn: string | null; file: string | null }, today: string): { state: LinkItemState; daysLeft: number | null; text: string } {
  const state = linkItemState(item.expiresOn, item.file !== null, today);
  return { ...state, text: linkItemStateText(state) };
}
