// Timestamp columns may come back as a Date or as text, by driver and query: the API answers ISO text.
export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
