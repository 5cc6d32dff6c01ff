// The users of a company with their roles (SPEC §6) as the real page draws them: the Owner's invite form
// and role changes, an Administrator's narrower choices, a read-only role, and the list's other states.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { COMPANY_ID } from './compliance-data.js';
import { COMPLIANCE_ARG_TYPES, COMPLIANCE_ARGS } from './compliance-args.js';
import { ComplianceFrame, type ComplianceArgs } from './compliance-frame.js';

const meta = {
  title: 'Dashboard/Compliance/Users',
  render: ({ role, data, companyName }) => <ComplianceFrame url={`/users?company=${COMPANY_ID}`} role={role} data={data} companyName={companyName} />,
  args: COMPLIANCE_ARGS,
  argTypes: COMPLIANCE_ARG_TYPES,
} satisfies Meta<ComplianceArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AsOwner: Story = {};
export const AsAdministrator: Story = { args: { role: 'administrator' } };
export const AsObserver: Story = { name: 'As a User (read-only)', args: { role: 'user' } };
export const Loading: Story = { args: { data: 'loading' } };
export const Unavailable: Story = { args: { data: 'error' } };
