// Local parts that name a function rather than a person (SPEC §4.1 'role_account': usable, but flagged).
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  'abuse', 'accounting', 'accounts', 'admin', 'administrator', 'billing', 'careers', 'contact', 'customerservice',
  'enquiries', 'help', 'hello', 'hostmaster', 'hr', 'info', 'inquiries', 'jobs', 'legal', 'mail', 'marketing',
  'media', 'no-reply', 'noreply', 'office', 'postmaster', 'press', 'privacy', 'root', 'sales', 'security',
  'service', 'support', 'team', 'webmaster',
]);

/** 'Sales+leads@x.com' → true: the part before any '+' tag decides. */
export function isRoleAccount(localPart: string): boolean {
  const base = localPart.toLowerCase().split('+')[0] ?? '';
  return ROLE_LOCAL_PARTS.has(base);
}
