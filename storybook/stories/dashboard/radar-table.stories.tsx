// The project radar table (SPEC §2.7): rows at every stage with their actions, expandable details,
// the 'Assigned' column, the empty texts and the 5-row padding.
import { PROJECT_SORTS } from '@permitdesk/core';
import { RadarTable, type RadarTableProps } from '@permitdesk/dashboard/src/pages/radar/radar-table';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ROWS_BY_STATUS, STORY_NOW } from './radar-data';
import { StoryFrame } from './story-frame';

/** The pages of permits a story can show (the rows control picks one by name). */
const ROW_SETS = { 'every stage': ROWS_BY_STATUS, 'two rows': ROWS_BY_STATUS.slice(3, 5), none: [] };
type TableArgs = Omit<RadarTableProps, 'rows'> & { rows: keyof typeof ROW_SETS };

const meta = {
  title: 'Dashboard/Radar/Table',
  render: ({ rows, ...props }) => <RadarTable rows={ROW_SETS[rows]} {...props} />,
  decorators: [(Story) => <StoryFrame><Story /></StoryFrame>],
  args: { rows: 'every stage', sort: '+customerName', onSort: (sort) => console.info('sort', sort), emptyMessage: 'No Matches Found', now: STORY_NOW },
  argTypes: {
    rows: { control: 'select', options: Object.keys(ROW_SETS), description: 'The page of permits: one per status, two rows (padded to 5), or none' },
    sort: { control: 'select', options: PROJECT_SORTS, description: "The radar's sort (the sorted column shows its arrow)" },
    emptyMessage: { control: 'text', description: 'What an empty page says' },
    busy: { control: 'boolean', description: 'A new page is loading (the rows stay readable)' },
    now: { control: false, description: 'The moment statuses are judged at (fixed, so the stories look the same every day)' },
    onSort: { control: false },
  },
} satisfies Meta<TableArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EveryStage: Story = {};
export const SortedByStatus: Story = { args: { sort: '-status' } };
/** Open a row's details with its toggle: scope, value, dates, inspections in perform order, assignments. */
export const ShortPagePadded: Story = { args: { rows: 'two rows' } };
export const EmptySearch: Story = { args: { rows: 'none', emptyMessage: 'No Projects Found' } };
export const EmptyList: Story = { args: { rows: 'none', emptyMessage: 'No Matches Found' } };
export const Loading: Story = { args: { busy: true } };
