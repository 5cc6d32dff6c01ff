// The controls every compliance story shares: the user's role, the data state of the page's list and the
// company's name.
import type { ArgTypes } from '@storybook/react-vite';
import { DATA_STATES, ROLES } from './compliance-data.js';
import type { ComplianceArgs } from './compliance-frame.js';

export const COMPLIANCE_ARG_TYPES: ArgTypes<ComplianceArgs> = {
  role: { control: 'select', options: ROLES, description: "The signed-in user's role: Owner and Administrator change records, PM and User only read" },
  data: { control: 'select', options: DATA_STATES, description: "What the page's list answers: rows, none, still loading, or a server error" },
  companyName: { control: 'text', description: "The company's name (sidebar and page subtitle)" },
};

export const COMPLIANCE_ARGS: ComplianceArgs = { role: 'owner', data: 'filled', companyName: 'Summit Roofing' };
