// The project radar table (SPEC §2.7): rows at every stage with their actions, expandable details,
// the 'Assigned' column, the empty texts and the 5-row padding.
import { RadarTable } from '@permitdesk/dashboard/src/pages/radar/radar-table';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ROWS_BY_STATUS, STORY_NOW } from './radar-data';
import { StoryFrame } from './story-frame';

const meta = {
  title: 'Dashboard/Radar/Table',
  component: RadarTable,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
  args: { rows: ROWS_BY_STATUS, sort: '+customerName', onSort: (sort) => console.info('sort', sort), emptyMessage: 'No Matches Found', now: STORY_NOW },
} satisfies Meta<typeof RadarTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EveryStage: Story = {};
export const SortedByStatus: Story = { args: { sort: '-status' } };
/** Open a row's details with its toggle: scope, value, dates, inspections in perform order, assignments. */
export const ShortPagePadded: Story = { args: { rows: ROWS_BY_STATUS.slice(3, 5) } };
export const EmptySearch: Story = { args: { rows: [], emptyMessage: 'No Projects Found' } };
export const EmptyList: Story = { args: { rows: [], emptyMessage: 'No Matches Found' } };
export const Loading: Story = { args: { busy: true } };
