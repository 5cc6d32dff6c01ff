// The permit request form (SPEC §2.5 step 5): form 52 drawn by the form engine from its definition.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormStep } from '@permitdesk/widget/components';
import { CHOSEN, ENTRY, FORM_52, Frame } from './fixtures.js';
import { MunicipalitySide } from './story-kit.js';

const STATES = ['loading', 'filled', 'submitting', 'error', 'loadError'] as const;
type Args = { state: (typeof STATES)[number]; submitError?: string; loadError?: string };

function FormStory({ state, submitError = 'An error occurred', loadError = 'Something went wrong!' }: Args) {
  const loaded = state !== 'loading' && state !== 'loadError';
  return (
    <Frame step="permit-form" context={{ ...CHOSEN, authenticated: true }} aside={<MunicipalitySide context={CHOSEN} />}>
      <FormStep
        definition={loaded ? FORM_52 : null}
        entry={loaded ? ENTRY : null}
        busy={state === 'submitting'}
        error={state === 'error' ? submitError : state === 'loadError' ? loadError : null}
        onSubmit={() => undefined}
      />
    </Frame>
  );
}

const meta: Meta<typeof FormStory> = {
  title: 'Widget/4 Permit request form',
  component: FormStory,
  argTypes: {
    state: { control: 'select', options: STATES, description: 'Loading the form, filled, submitting, a failed submit or a failed load' },
    submitError: { control: 'text', description: 'The message of a failed submit (state error)' },
    loadError: { control: 'text', description: 'The message of a failed load (state loadError)' },
  },
};
export default meta;
type Story = StoryObj<typeof FormStory>;

export const Loading: Story = { args: { state: 'loading' } };
export const Filled: Story = { args: { state: 'filled' } };
export const Submitting: Story = { args: { state: 'submitting' } };
export const SubmitError: Story = { args: { state: 'error' } };
export const LoadError: Story = { args: { state: 'loadError' } };
