// /ops/settings: the workspace's settings, for service admins only.
import { StaffGate } from '../staff-gate.js';
import { NoticeWallSettings } from './notice-wall-settings.js';
import { SlaSettings } from './sla-settings.js';

export default function OpsSettingsPage() {
  return (
    <StaffGate adminOnly>
      <SlaSettings />
      <NoticeWallSettings />
    </StaffGate>
  );
}
