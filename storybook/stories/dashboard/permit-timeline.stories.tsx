// The permit page's timeline: the main line, a cancellation request, a cancellation, and the triage.
import { PermitTimeline } from '@permitdesk/dashboard/src/pages/permits/permit-timeline';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { PermitStageHistoryEntry } from '@permitdesk/core';
import { storyRow } from './radar-data';
import { StoryFrame } from './story-frame';

let id = 1;
const entry = (stage: number, name: string, changedAt: string, note: string | null = null): PermitStageHistoryEntry => ({
  id: id++, stage, name, fromStage: null, changedAt, changedBy: stage === 10 || stage >= 70 ? 'customer' : 'permit_team', note,
});
const history = [
  entry(10, 'Requested', '2026-05-02T14:05:00.000Z'),
  entry(20, 'Processing', '2026-05-03T09:30:00.000Z'),
  entry(30, 'Submitted', '2026-05-06T16:45:00.000Z', 'Filed with the building department.'),
  entry(40, 'Approved', '2026-05-20T11:00:00.000Z'),
];

/** The permit at each point of its life the stories show (the control's choices). */
const PERMITS = {
  approved: storyRow(1, 'Ann Archer', { stage: 40, stageHistory: history }),
  open: storyRow(1, 'Ann Archer', { stage: 50, issuedAt: '2026-05-25T10:00:00.000Z', stageHistory: [...history, entry(50, 'Open', '2026-05-25T10:00:00.000Z', 'Permit BP-2026-0042 issued.')] }),
  cancellationRequested: storyRow(1, 'Ann Archer', { stage: 75, stageHistory: [...history.slice(0, 2), entry(75, 'Pending Cancellation', '2026-05-04T08:00:00.000Z', 'The homeowner sold the house.')] }),
  canceled: storyRow(1, 'Ann Archer', { stage: 55, stageHistory: [...history.slice(0, 2), entry(75, 'Pending Cancellation', '2026-05-04T08:00:00.000Z'), entry(55, 'Canceled', '2026-05-05T08:00:00.000Z')] }),
  noPermitNeeded: storyRow(1, 'Ann Archer', { stage: 72, stageHistory: [entry(70, 'Unsorted', '2026-05-01T08:00:00.000Z'), entry(72, 'No Permit Needed', '2026-05-02T08:00:00.000Z')] }),
};

type TimelineArgs = { permit: keyof typeof PERMITS };

const meta = {
  title: 'Dashboard/Permit/Timeline',
  render: ({ permit }) => <PermitTimeline permit={PERMITS[permit]} />,
  decorators: [(Story) => <StoryFrame width={420}><Story /></StoryFrame>],
  argTypes: {
    permit: { control: 'select', options: Object.keys(PERMITS), description: 'The permit and its stage history' },
  },
} satisfies Meta<TimelineArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Approved: Story = { args: { permit: 'approved' } };
export const Open: Story = { args: { permit: 'open' } };
export const CancellationRequested: Story = { args: { permit: 'cancellationRequested' } };
export const Canceled: Story = { args: { permit: 'canceled' } };
export const NoPermitNeeded: Story = { args: { permit: 'noPermitNeeded' } };
