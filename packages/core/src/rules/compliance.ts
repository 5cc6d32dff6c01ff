// The compliance vault's shared rules (SPEC §2.9, §3, §4.4): the per-kind indicators the server answers
// and the sidebar reads, the tabs they belong to, and how close an expiry date is.
import type { DocumentStatus, Indicators } from '../schemas/company.js';

/** The four indicator kinds of GET /v4/indicators/companies (SPEC §3). */
export const INDICATOR_KINDS = ['license', 'insurance', 'certificate', 'agreement'] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

/** One vault item as the indicator rule sees it (documentation has no expiry: expiresOn null). */
export interface IndicatorItem {
  status: DocumentStatus;
  /** YYYY-MM-DD, or null when the item does not expire. */
  expiresOn: string | null;
}

/** Today's calendar date (YYYY-MM-DD) in UTC, the day the server compares expiry dates with. */
export const todayIso = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** An item is current while it is active and its expiry date (if any) is today or later. */
export const isCurrentItem = (item: IndicatorItem, today: string): boolean =>
  item.status === 'active' && (item.expiresOn === null || item.expiresOn >= today);

/**
 * A company's indicator for one kind: true when it holds a current (active, unexpired) item of that
 * kind; false when it holds only expired or archived ones; null (unknown) when it holds none.
 */
export function complianceIndicator(items: readonly IndicatorItem[], today: string): boolean | null {
  if (items.length === 0) return null;
  return items.some((item) => isCurrentItem(item, today));
}

/** The sidebar tab each indicator belongs to: agreements are the Documentation tab. */
export const INDICATOR_TABS: Readonly<Record<IndicatorKind, string>> = {
  license: 'Licenses',
  insurance: 'Insurance',
  certificate: 'Certifications',
  agreement: 'Documentation',
};

/** A tab shows its indicator when the company's indicator for that kind is true or unknown (SPEC §2.9). */
export const showsTabIndicator = (indicators: Pick<Indicators, IndicatorKind> | null | undefined, kind: IndicatorKind): boolean =>
  indicators == null || indicators[kind] !== false;

/** Days from `today` to an expiry date (negative once past); null when the item does not expire. */
export function daysUntil(expiresOn: string | null, today: string): number | null {
  if (!expiresOn) return null;
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Expiring soon: within this many days. */
export const EXPIRING_SOON_DAYS = 30;
export type ExpiryState = 'none' | 'valid' | 'expiring' | 'expired';
export function expiryState(expiresOn: string | null, today: string): ExpiryState {
  const days = daysUntil(expiresOn, today);
  if (days === null) return 'none';
  if (days < 0) return 'expired';
  return days <= EXPIRING_SOON_DAYS ? 'expiring' : 'valid';
}

/** vendor-for=Individual: the personal account's vendors (SPEC §2.9). */
export const VENDOR_FOR_INDIVIDUAL = 'Individual';
