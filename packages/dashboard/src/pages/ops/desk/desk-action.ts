// How a desk panel makes a change: the page runs it, reloads the desk on success, and on a 409 reloads
// it and tells what a colleague changed. The panel gets back the message to show next to its form.
export type RunChange = (change: () => Promise<unknown>) => Promise<string | null>;

/** A panel's props for changing the permit. */
export interface ChangeProps {
  permitId: number;
  run: RunChange;
}
