// The timings of SPEC §9, named once and used by widget, dashboard and store alike.
export const TIMINGS = {
  successAlertMs: 3_000,
  toastMs: 2_500,
  fadeMs: 300,
  resendSpinnerMs: 1_000,
  /** After verification the success text shows at 3 s and the flow advances at 5 s. */
  verifiedSuccessTextMs: 3_000,
  verifiedAdvanceMs: 5_000,
  signInRedirectMs: 1_500,
  /** The widget's company step checks the name this long after the last keystroke (issue 18). */
  companyNameCheckMs: 400,
  guidedTourDelayMs: 500,
  sidebarCollapseMs: 500,
  sessionRefreshMs: 900_000,
  scrollThresholdPx: 10,
} as const;

/** Failed profile refreshes tolerated before storage is cleared (SPEC §4.2: more than 2). */
export const FAILED_PROFILE_REFRESH_LIMIT = 2;
/** Upload size maximum in bytes (SPEC §9). */
export const UPLOAD_MAX_BYTES = 50_000_000;
