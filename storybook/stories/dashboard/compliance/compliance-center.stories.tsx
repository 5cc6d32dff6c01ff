// The compliance center (SPEC §2.9): each vault kind with its indicator, and every expiration date of the
// company (valid, expiring within 30 days, expired), as the real page draws it.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { COMPLIANCE_ARG_TYPES, COMPLIANCE_ARGS } from './compliance-args.js';
import { ComplianceFrame, type ComplianceArgs } from './compliance-frame.js';

const meta = {
  title: 'Dashboard/Compliance/Compliance center',
  render: ({ role, data, companyName }) => <ComplianceFrame url="/compliance-center" role={role} data={data} companyName={companyName} />,
  args: COMPLIANCE_ARGS,
  argTypes: COMPLIANCE_ARG_TYPES,
} satisfies Meta<ComplianceArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {};
export const NothingOnFile: Story = { args: { data: 'empty' } };
export const Loading: Story = { args: { data: 'loading' } };
export const Unavailable: Story = { args: { data: 'error' } };
