// The address step (SPEC §2.5 step 1, §2.8 address search box and detail view) in each state.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AddressDetail, AddressStep, FlowAlertView } from '@permitdesk/widget/components';
import { ADDRESSES, Frame, GEOCODED, search, searchFailing, searchForever } from './fixtures.js';
import { AddressSide, shadowCanvas, useValue } from './story-kit.js';

const VARIANTS = ['empty', 'geocoding', 'filled', 'similar', 'lookupError'] as const;
const SEARCHES = ['normal', 'forever', 'failing'] as const;
type Args = {
  variant: (typeof VARIANTS)[number];
  slowSearch?: (typeof SEARCHES)[number];
  text?: string;
  errorTitle?: string;
  errorMessage?: string;
};

function AddressStory({
  variant,
  slowSearch = 'normal',
  text,
  errorTitle = 'Failed to Lookup Address',
  errorMessage = 'Unfortunately we were unable to lookup the address you requested. If this error persists, please reach out to support. Thank you.',
}: Args) {
  const [line2, setLine2] = useValue('');
  const picked = variant === 'empty' ? null : ADDRESSES[0]!;
  const address = variant === 'filled' || variant === 'similar' ? GEOCODED : null;
  const context = picked ? { address: picked, geocodedAddress: address, similarAddress: variant === 'similar' } : {};
  return (
    <Frame step="enter-address" context={context} aside={<AddressSide context={context} />}>
      <AddressStep
        search={slowSearch === 'forever' ? searchForever : slowSearch === 'failing' ? searchFailing : search}
        picked={picked}
        address={address}
        line2={line2}
        onLine2={setLine2}
        onPick={() => undefined}
        onChangeAddress={() => undefined}
        similarUrl={variant === 'similar' ? '/project-radar/search?keyword=100+N+Garfield+Ave%2C+Pasadena%2C+CA+91101' : null}
        canNext={picked !== null}
        busy={variant === 'geocoding'}
        alert={
          variant === 'lookupError' ? (
            <FlowAlertView
              apiBase="https://permits.example.com"
              alert={{ type: 'error', title: errorTitle, message: errorMessage }}
            />
          ) : null
        }
        renderDetail={(props) => <AddressDetail {...props} />}
        initialText={text}
        onNext={() => undefined}
      />
    </Frame>
  );
}

const meta: Meta<typeof AddressStory> = {
  title: 'Widget/1 Address step',
  component: AddressStory,
  argTypes: {
    variant: { control: 'select', options: VARIANTS, description: 'The step with no address, geocoding, filled, a similar request, or a failed lookup' },
    slowSearch: { control: 'select', options: SEARCHES, description: 'How the address search answers: normally, never, or with an error' },
    text: { control: 'text', description: 'What is typed in the search box (the story opens its list)' },
    errorTitle: { control: 'text', description: "The failed lookup's title (variant lookupError)" },
    errorMessage: { control: 'text', description: "The failed lookup's message (variant lookupError)" },
  },
};
export default meta;
type Story = StoryObj<typeof AddressStory>;

/** Opens the search box's list (the text, if any, comes from the story's args). */
const focusSearch = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  const input = await shadowCanvas(canvasElement).findByRole('combobox', { name: 'Job site address' });
  input.focus();
};

export const Empty: Story = { args: { variant: 'empty' } };
export const StartTyping: Story = { args: { variant: 'empty' }, play: focusSearch };
export const Searching: Story = { args: { variant: 'empty', slowSearch: 'forever', text: '100 N Garfield' }, play: focusSearch };
export const Results: Story = { args: { variant: 'empty', text: 'Pasadena' }, play: focusSearch };
export const NotFound: Story = { args: { variant: 'empty', text: '1 Nowhere Lane' }, play: focusSearch };
export const SearchError: Story = { args: { variant: 'empty', slowSearch: 'failing', text: '100 N Garfield' }, play: focusSearch };
export const Geocoding: Story = { args: { variant: 'geocoding' } };
export const Filled: Story = { args: { variant: 'filled' } };
export const SimilarAddress: Story = { args: { variant: 'similar' } };
export const LookupError: Story = { args: { variant: 'lookupError' } };
