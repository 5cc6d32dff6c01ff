// The radar's user-facing strings that the SPEC quotes (§2.7, §2.8, §8), word for word, in one place.
// Statuses, progress, colours, status messages, cancellation labels and triage texts come from core.

/** An empty keyword search (SPEC §2.7, §8). */
export const NO_PROJECTS_FOUND = 'No Projects Found';
/** The default for an empty list (SPEC §2.7, §8). */
export const NO_MATCHES_FOUND = 'No Matches Found';

/** SPEC §8: the search failed; the server's message, or this default. */
export const LOOKUP_PROJECTS_FAILED = 'Failed to Lookup Projects';
export const LOOKUP_PROJECTS_FAILED_DETAIL = 'Unfortunately we were unable to lookup projects.';

/** SPEC §2.8: the footer note of the permit application and cancellation modals. */
export const NOT_THE_MUNICIPALITY_NOTE = "Note: We are not the municipality, we interact with them so you don't have to :)";
/** SPEC §2.8: the account selector of the permit application modal. */
export const SELECT_ACCOUNT_LABEL = 'Select an Account for this Permit';

/** SPEC §2.8: '{municipality name} {task name} Application', or '{municipality} Application' without a task. */
export const applicationTitle = (municipalityName: string, taskName?: string | null): string =>
  taskName && taskName.trim() ? `${municipalityName} ${taskName.trim()} Application` : `${municipalityName} Application`;

/** SPEC §2.3: where a project-permit application lands. */
export const applicationSuccessUrl = (session: string): string =>
  `/success?${new URLSearchParams({ type: 'APPLY_FOR_PROJECT_PERMIT', session }).toString()}`;
