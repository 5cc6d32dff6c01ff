// The steps of each guided tour (SPEC §2.9): permit detail, project radar and radar search. Each step
// points at a data-tour attribute of the page; steps whose element is not on the page are skipped.
import type { TourId } from './tours-seen.js';

export interface TourStep {
  target: string;
  title: string;
  description: string;
}

const at = (name: string) => `[data-tour="${name}"]`;

export const TOUR_STEPS: Record<TourId, TourStep[]> = {
  radar: [
    { target: '.header__search', title: 'Search your projects', description: 'Find a project by customer name, project ID, job address, order number and more.' },
    { target: at('radar-filters'), title: 'Filter and sort', description: 'Show every project or only those with a permit, and choose the order.' },
    { target: at('radar-table'), title: 'Your project radar', description: 'Each row is a permit. Open a row for its scope of work, value, dates, inspections and assignments.' },
    { target: '[data-column="status"]', title: 'Where each permit stands', description: 'The bar shows how far the permit has come; its colour and message tell you what happens next.' },
    { target: '[data-column="actions"]', title: 'Act on a permit', description: 'Apply for a permit, enter the project, request a cancellation or dismiss it from your radar.' },
    { target: at('radar-new-project'), title: 'Start a new project', description: 'Create a project at an address and add the permits it needs.' },
  ],
  'radar-search': [
    { target: at('radar-keyword'), title: 'Your search', description: 'These are the projects that match what you searched for. Clear the search to see every project.' },
    { target: at('radar-filters'), title: 'Narrow it down', description: 'Show every project or only those with a permit, and sort the results.' },
    { target: at('radar-table'), title: 'Results', description: 'Open a row for its details, or use its actions.' },
    { target: at('radar-pager'), title: 'More results', description: 'Results come 20 at a time; move between pages here.' },
  ],
  'permit-detail': [
    { target: at('permit-status'), title: 'Status', description: 'Where your permit stands and what happens next.' },
    { target: at('permit-timeline'), title: 'Timeline', description: 'Every stage of the permit, with the date it was reached.' },
    { target: at('permit-conversation'), title: 'Talk to the permit team', description: 'Questions and answers about this permit. Reply here and we will get back to you.' },
    { target: at('permit-documents'), title: 'Documents', description: 'Upload plans and other files, and download what the municipality issued.' },
    { target: at('permit-assignments'), title: 'Who works on it', description: 'Assign companies, users or vendors and choose what each may do.' },
  ],
};
