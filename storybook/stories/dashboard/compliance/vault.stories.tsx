// The compliance vault (SPEC §2.9): licenses, insurance and certifications of a company as the real
// pages draw them, with valid, expiring (within 30 days), expired and never-expiring items, files,
// the Owner's actions or a read-only role, and the empty, loading and unavailable lists.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { COMPANY_ID } from './compliance-data.js';
import { COMPLIANCE_ARG_TYPES, COMPLIANCE_ARGS } from './compliance-args.js';
import { ComplianceFrame, type ComplianceArgs } from './compliance-frame.js';

const KINDS = { licenses: 'Licenses', insurances: 'Insurance', certificates: 'Certifications' } as const;
type VaultArgs = ComplianceArgs & { kind: keyof typeof KINDS };

const meta = {
  title: 'Dashboard/Compliance/Vault',
  render: ({ kind, role, data, companyName }) => <ComplianceFrame url={`/${kind}?company=${COMPANY_ID}`} role={role} data={data} companyName={companyName} />,
  args: { ...COMPLIANCE_ARGS, kind: 'licenses' },
  argTypes: {
    kind: { control: 'select', options: Object.keys(KINDS), labels: KINDS, description: 'The vault table: licenses, insurance or certifications' },
    ...COMPLIANCE_ARG_TYPES,
  },
} satisfies Meta<VaultArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Licenses: Story = {};
export const LicensesReadOnly: Story = { name: 'Licenses, read-only (PM)', args: { role: 'pm' } };
export const LicensesEmpty: Story = { args: { data: 'empty' } };
export const LicensesLoading: Story = { args: { data: 'loading' } };
export const LicensesUnavailable: Story = { args: { data: 'error' } };
export const Insurance: Story = { args: { kind: 'insurances' } };
export const InsuranceEmpty: Story = { args: { kind: 'insurances', data: 'empty' } };
export const Certifications: Story = { args: { kind: 'certificates' } };
