// The toaster, in its own chunk: toasts last TIMINGS.toastMs (2.5 s, SPEC §9).
import { TIMINGS } from '@permitdesk/core';
import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from './notify.js';

export default function AppToaster() {
  useEffect(() => toasterMounted(), []);
  return <Toaster duration={TIMINGS.toastMs} position="top-right" closeButton />;
}
