// The demo data's permit team member: 'operator@permitdesk.test' with the demo password, a service admin
// so a newcomer sees the workspace's settings too.
import { DEMO_PASSWORD } from '../reference/demo-data.js';
import type { AppServices } from '../services.js';
import { setStaffRole } from '../staff/staff.js';

export const DEMO_OPERATOR = { email: 'operator@permitdesk.test', name: 'Olga Operator' } as const;

export async function ensureDemoOperator(services: Pick<AppServices, 'db' | 'identity'>): Promise<string> {
  const existing = await services.identity.findByEmail(DEMO_OPERATOR.email);
  const id = existing?.id ?? (await services.identity.createUser({ email: DEMO_OPERATOR.email, password: DEMO_PASSWORD, name: DEMO_OPERATOR.name, confirmed: true })).id;
  await setStaffRole(services.db, DEMO_OPERATOR.email, 'service_admin');
  return id;
}
