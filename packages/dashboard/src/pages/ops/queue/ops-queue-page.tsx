// /ops: the permit team's queue, behind the staff gate.
import { StaffGate } from '../staff-gate.js';
import { QueueView } from './queue-view.js';

export default function OpsQueuePage() {
  return (
    <StaffGate>
      <QueueView />
    </StaffGate>
  );
}
