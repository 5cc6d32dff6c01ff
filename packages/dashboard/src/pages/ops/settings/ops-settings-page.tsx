// /ops/settings: the workspace's settings, for service admins only.
import { StaffGate } from '../staff-gate.js';
import { SlaSettings } from './sla-settings.js';

export default function OpsSettingsPage() {
  return (
    <StaffGate adminOnly>
      <SlaSettings />
    </StaffGate>
  );
}
