// Toasts of SPEC §2.8/§8 (warning, error, success, info), each removed after 2.5 s. Sonner is loaded
// with the toaster, after the first paint; a toast waits until the toaster is mounted so none is lost.
export type ToastKind = 'warning' | 'error' | 'success' | 'info';

let markReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});
/** Called by the toaster once it is on the page. */
export const toasterMounted = (): void => markReady();

export function notify(kind: ToastKind, title: string, message?: string): void {
  void Promise.all([import('sonner'), toasterReady]).then(([{ toast }]) => {
    toast[kind](title, message === undefined ? undefined : { description: message });
  });
}
