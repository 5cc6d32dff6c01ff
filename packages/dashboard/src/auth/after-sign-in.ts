// Where a user goes after signing in (SPEC §2.6): /migration when hasMigrated is 0, /welcome when a
// setupCompanyName exists, otherwise the stored redirect URL or /project-radar.
import type { Profile } from '@permitdesk/core';
import { HOME_SIGNED_IN } from '../routes/access.js';

export function destinationAfterSignIn(profile: Profile, storedTarget: string | null): string {
  if (profile['custom:hasMigrated'] === 0) return '/migration';
  if (profile['custom:setupCompanyName']) return '/welcome';
  return storedTarget ?? HOME_SIGNED_IN;
}
