// Toasts of SPEC §2.8/§8 (warning, error, success, info), each removed after 2.5 s: the Toaster in the
// app shell sets the duration from TIMINGS.toastMs.
import { toast } from 'sonner';

export type ToastKind = 'warning' | 'error' | 'success' | 'info';

export function notify(kind: ToastKind, title: string, message?: string): void {
  toast[kind](title, message === undefined ? undefined : { description: message });
}
