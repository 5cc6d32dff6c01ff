// The radar's status bar for every status of SPEC §4.3: progress, colour, stripes and message, all
// from core's permitStatusView.
import { permitStatusView } from '@permitdesk/core';
import { StatusBar } from '@permitdesk/dashboard/src/ui/status-bar';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ROWS_BY_STATUS, STORY_NOW } from './radar-data';
import { StoryFrame } from './story-frame';

const view = (index: number) => permitStatusView(ROWS_BY_STATUS[index]!, STORY_NOW);
/** Each story row's status view, by the customer of the row (the control's choices). */
const VIEWS = Object.fromEntries(ROWS_BY_STATUS.map((row, index) => [`${row.customerName} (stage ${row.stage})`, view(index)]));

const meta = {
  title: 'Dashboard/Radar/Status bar',
  component: StatusBar,
  decorators: [(Story) => <StoryFrame width={320}><Story /></StoryFrame>],
  argTypes: {
    view: { control: 'select', options: Object.keys(VIEWS), mapping: VIEWS, description: "The permit whose status is drawn (core's permitStatusView)" },
    compact: { control: 'boolean', description: 'The compact bar of narrow columns' },
  },
} satisfies Meta<typeof StatusBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Requested: Story = { args: { view: view(0) } };
export const Processing: Story = { args: { view: view(1) } };
export const Submitted: Story = { args: { view: view(2) } };
export const Approved: Story = { args: { view: view(3) } };
export const Open: Story = { args: { view: view(4) } };
export const OpenPastEstimatedCompletion: Story = { name: 'Open, past the estimated completion (gold)', args: { view: view(5) } };
export const Expired: Story = { args: { view: view(6) } };
export const Pending: Story = { args: { view: view(7) } };
export const Canceled: Story = { args: { view: view(8) } };
export const Closed: Story = { args: { view: view(9) } };
export const Unsorted: Story = { args: { view: view(10) } };
export const Compact: Story = { args: { view: view(4), compact: true } };

/** Every status side by side. */
export const All: Story = {
  args: { view: view(0) },
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      {ROWS_BY_STATUS.map((row) => (
        <StatusBar key={row.id} view={permitStatusView(row, STORY_NOW)} />
      ))}
    </div>
  ),
};
