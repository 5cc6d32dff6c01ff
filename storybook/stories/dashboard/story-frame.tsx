// The frame the dashboard stories render in: the dashboard's styles and its radar preview wrapper
// (a memory router for the rows' links, handlers that log instead of calling the API).
import '@permitdesk/dashboard/src/styles/tokens.css';
import '@permitdesk/dashboard/src/styles/base.css';
import '@permitdesk/dashboard/src/styles/components.css';
import '@permitdesk/dashboard/src/pages/radar/radar.css';
import '@permitdesk/dashboard/src/pages/permits/permits.css';
import { RadarPreview } from '@permitdesk/dashboard/src/pages/radar/radar-preview';
import type { ReactNode } from 'react';

export function StoryFrame({ children, width = 1400 }: { children: ReactNode; width?: number }) {
  return (
    <div style={{ maxWidth: width, padding: 16, background: 'var(--pd-color-canvas)' }}>
      <RadarPreview>{children}</RadarPreview>
    </div>
  );
}
