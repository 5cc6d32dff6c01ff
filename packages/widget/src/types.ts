// The public shape of the widget: options, commands and events, shared by the script tag, the
// <permit-lookup> element and the ESM mount().

/**
 * Theme colours and shape, applied as --pd-* CSS variables on the widget's host element (primary →
 * --pd-primary, primaryContrast → --pd-primary-contrast). Partners may also set the variables in their
 * own CSS or as `theme-*` attributes of <permit-lookup> (theme-primary-contrast="#fff").
 */
export interface WidgetTheme {
  /** Buttons, links, progress bar. */
  primary?: string;
  /** Text on primary surfaces. */
  primaryContrast?: string;
  /** Body text. */
  text?: string;
  /** Modal background. */
  bg?: string;
  /** Side panel background. */
  surface?: string;
  /** Corner radius, e.g. '8px'. */
  radius?: string;
  /** Font stack. */
  font?: string;
}

/** The CSS variable of a theme key: primaryContrast → --pd-primary-contrast. */
export const themeVariable = (key: string): string => `--pd-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export interface WidgetOptions {
  /** Origin of the PermitDesk server (API, dashboard and success page); defaults to the widget's origin. */
  apiBase?: string;
  /** Partner identifier, recorded with requests that start on the partner's page. */
  partnerId?: string;
  /** Google Maps browser key: Google's map and autocomplete replace the built-in ones when set. */
  mapsKey?: string;
  theme?: WidgetTheme;
  /** CSP nonce for the fallback <style> element (browsers without constructable stylesheets). */
  nonce?: string;
  /** Render in the page's flow (the hosted /embed page) instead of over the page. */
  inline?: boolean;
}

/** What `PermitDesk('open', ...)` and `open` may preset. */
export interface OpenCommand {
  /** An address to search for straight away. */
  address?: string;
  /** A task (permit type) name or id to preselect once the address is known. */
  task?: string | number;
  /** The property owner the permit is for (Customer Name on the form), e.g. from a linked platform project. */
  customerName?: string;
}

/** Detail of the `permit-lookup:submitted` event: the permit request was created. */
export interface SubmittedDetail {
  session: string | null;
  permitId: number | null;
  projectId: number | null;
  /**
   * /success?type=APPLY_FOR_PROJECT_PERMIT&session=... on the server's origin; followed unless the event
   * is cancelled. From a partner's page it also carries `handoff=<code>`: a single-use code, good for 60
   * seconds, that signs the user in on arrival (the partner's storage is not the site's).
   */
  successUrl: string;
}

/** Detail of the `permit-lookup:closed` event. */
export interface ClosedDetail {
  /** The view that was showing: lookup, task_selection, loginOrSignup or form. */
  view: string | null;
}

export type WidgetState = 'loading' | 'ready' | 'failed' | 'closed';

export const EVENTS = { submitted: 'permit-lookup:submitted', closed: 'permit-lookup:closed' } as const;

/** Commands of the global `PermitDesk(command, argument)` function. */
export interface Commands {
  init: WidgetOptions;
  open: OpenCommand | undefined;
  close: undefined;
  /** Fetch the modal's code now (the launcher does this on hover and focus). */
  prefetch: undefined;
}
export type CommandName = keyof Commands;
