// The task step (SPEC §2.5 step 2): the searchable 'Project Type' select and the municipality panel.
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Task } from '@permitdesk/core';
import { TaskStep } from '@permitdesk/widget/components';
import { CHOSEN, Frame, TASKS } from './fixtures.js';
import { MunicipalitySide, shadowCanvas, useValue } from './story-kit.js';

const NONE = '(none)';
const TASK_NAMES = [NONE, ...TASKS.map((task) => task.name)];
type Args = { selected: string; loading?: boolean };

function TaskStory({ selected, loading = false }: Args) {
  const [task, setTask] = useValue<Task | null>(TASKS.find((t) => t.name === selected) ?? null);
  return (
    <Frame step="select-task" context={{ ...CHOSEN, task }} aside={<MunicipalitySide context={CHOSEN} />}>
      <TaskStep tasks={loading ? [] : TASKS} selected={task} onSelect={setTask} canNext={task !== null} onBack={() => undefined} onNext={() => undefined} />
    </Frame>
  );
}

const meta: Meta<typeof TaskStory> = {
  title: 'Widget/2 Task step',
  component: TaskStory,
  argTypes: {
    selected: { control: 'select', options: TASK_NAMES, description: 'The chosen Project Type' },
    loading: { control: 'boolean', description: 'The tasks are still loading' },
  },
};
export default meta;
type Story = StoryObj<typeof TaskStory>;

export const Empty: Story = { args: { selected: NONE } };
export const Open: Story = {
  args: { selected: NONE },
  play: async ({ canvasElement }) => {
    const input = await shadowCanvas(canvasElement).findByRole('combobox', { name: 'Project Type' });
    input.focus();
  },
};
export const LoadingTasks: Story = { args: { selected: NONE, loading: true } };
export const Filled: Story = { args: { selected: TASKS[1]!.name } };
