// The radar's status bar for every status of SPEC §4.3: progress, colour, stripes and message, all
// from core's permitStatusView.
import { permitStatusView } from '@permitdesk/core';
import { StatusBar } from '@permitdesk/dashboard/src/ui/status-bar';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ROWS_BY_STATUS, STORY_NOW } from './radar-data';
import { StoryFrame } from './story-frame';

/** The story rows by a readable name (the permit control's choices): 'Ann Archer (stage 10)'. */
const PERMITS = Object.fromEntries(ROWS_BY_STATUS.map((row) => [`${row.customerName} (stage ${row.stage})`, row]));
const permit = (index: number) => Object.keys(PERMITS)[index]!;
type BarArgs = { permit: string; compact?: boolean };

const meta = {
  title: 'Dashboard/Radar/Status bar',
  render: ({ permit: name, compact }) => <StatusBar view={permitStatusView(PERMITS[name]!, STORY_NOW)} compact={compact} />,
  decorators: [(Story) => <StoryFrame width={320}><Story /></StoryFrame>],
  argTypes: {
    permit: { control: 'select', options: Object.keys(PERMITS), description: "The permit whose status is drawn (core's permitStatusView at the stories' fixed moment)" },
    compact: { control: 'boolean', description: 'The compact bar of narrow columns' },
  },
} satisfies Meta<BarArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Requested: Story = { args: { permit: permit(0) } };
export const Processing: Story = { args: { permit: permit(1) } };
export const Submitted: Story = { args: { permit: permit(2) } };
export const Approved: Story = { args: { permit: permit(3) } };
export const Open: Story = { args: { permit: permit(4) } };
export const OpenPastEstimatedCompletion: Story = { name: 'Open, past the estimated completion (gold)', args: { permit: permit(5) } };
export const Expired: Story = { args: { permit: permit(6) } };
export const Pending: Story = { args: { permit: permit(7) } };
export const Canceled: Story = { args: { permit: permit(8) } };
export const Closed: Story = { args: { permit: permit(9) } };
export const Unsorted: Story = { args: { permit: permit(10) } };
export const Compact: Story = { args: { permit: permit(4), compact: true } };

/** Every status side by side (the compact control applies to all). */
export const All: Story = {
  args: { permit: permit(0) },
  render: ({ compact }) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {ROWS_BY_STATUS.map((row) => (
        <StatusBar key={row.id} view={permitStatusView(row, STORY_NOW)} compact={compact} />
      ))}
    </div>
  ),
};
