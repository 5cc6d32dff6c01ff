// The audit trail's actor for a request: the signed-in user, the role they acted in, and the request id
// (hono/request-id: X-Request-Id propagated or generated, returned to the client).
import type { AuditActor, AuditActorRole } from '../audit/audit.js';
import type { AuthUser } from '../identity/user.js';
import type { AppContext } from './context.js';

export const auditActor = (c: AppContext, user: AuthUser | null, role: AuditActorRole): AuditActor => ({
  userId: user?.sub ?? null,
  role,
  requestId: c.get('requestId') ?? null,
});
