// What we sell, shared by the products and services pages and the visitors' mobile menu (SPEC §2.4).
export const PRODUCTS = [
  { id: 'project-radar', menuLabel: 'Project radar', name: 'Project Radar', text: 'Every project and permit in one searchable, sortable table: stage, progress, inspections, assignments and who to call.' },
  { id: 'compliance-vault', menuLabel: 'Compliance vault', name: 'Compliance Vault', text: 'Licenses, insurance, certificates and documentation for each company, with expiry reminders and a wallet you can share with the companies you work for.' },
  { id: 'inspection-tracker', menuLabel: 'Inspection tracker', name: 'Inspection Tracker', text: 'The inspections each permit needs, in the order the municipality performs them, with their status as they pass.' },
  { id: 'ai', menuLabel: 'AI', name: 'AI assistance', text: 'Reads permit requirements and your uploaded documents to pre-fill applications and flag what is missing before we submit.' },
] as const;

export const SERVICES = [
  { id: 'permit-code-research', menuLabel: 'Permit + code research', name: 'Permit + code research', text: 'We find out whether your work needs a permit, which code edition applies and what the municipality will ask for.' },
  { id: 'permit-expeditor', menuLabel: 'Permit expeditor', name: 'Permit expeditor', text: 'Our team prepares, submits and follows the application with the permit office until the permit is issued.' },
  { id: 'additional-resources', menuLabel: 'Additional resources', name: 'Additional resources', text: 'Inspection scheduling, plan documents, license and insurance paperwork, and help with corrections requested by the municipality.' },
] as const;
