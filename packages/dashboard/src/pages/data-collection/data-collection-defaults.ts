// What the data-collection form starts with: the saved data, or what the permit already tells us.
import { DATE_FORMATS, formatDate, type DataCollection, type Permit } from '@permitdesk/core';
import { byPerformOrder } from '../radar/permit-facts.js';

const dateOnly = (value: string | null): string | null => (value ? formatDate(value, DATE_FORMATS.date) || null : null);

export function dataCollectionDefaults(permit: Permit, saved: DataCollection | null, companyName: string | null): DataCollection {
  if (saved) return saved;
  return {
    purchaseOrder: permit.orderNumber,
    estimateCompletionDate: dateOnly(permit.estCompletionAt),
    customerName: permit.customerName,
    address: permit.projectAddress,
    task: permit.taskName,
    inspections: byPerformOrder(permit.permitInspections).map((inspection) => inspection.inspectionName),
    stateLicense: null,
    localLicense: null,
    company: companyName,
    companyId: permit.companyId,
    companyAddress: null,
    expirationDate: dateOnly(permit.expiresAt),
    price: permit.projectValue,
    permitNo: permit.permitNumber,
    permitFees: null,
    files: [],
    noUploadPermitReason: null,
  };
}

/** Text inputs give '' for nothing; the schema wants null. */
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() === '' ? null : (value as string | null));
/** Number inputs give text; '' is nothing, anything else a number (NaN fails the schema's check). */
export const numberOrNull = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : typeof value === 'number' ? value : Number(String(value).replace(/[$,]/g, ''));
