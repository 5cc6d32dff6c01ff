// Whether an account exists for an address and whether its e-mail is verified, from the identity service.
import type { IdentityService } from '../identity/identity-service.js';

export interface AccountStatus {
  sub: string;
  emailVerified: boolean;
}

export async function findAccount(services: { identity: Pick<IdentityService, 'findByEmail'> }, email: string): Promise<AccountStatus | null> {
  const user = await services.identity.findByEmail(email);
  return user ? { sub: user.id, emailVerified: user.email_verified } : null;
}
