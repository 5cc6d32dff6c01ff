// The modal's frame: backdrop, dialog with its title, progress bar and close button, the side panel,
// and the 300 ms fade between views. Focus stays inside; Escape closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusFirstField, trapTab } from './focus.js';

export interface ModalShellProps {
  title: string | null;
  /** Percent, from the flow's progress selector. */
  progress: number;
  /** Pixels, from the flow's modal height selector. */
  height: number;
  /** Changes with the view: the body fades in again. */
  viewKey: string;
  /** Changes with the step: focus moves to its first field. */
  stepKey: string;
  aside: ReactNode;
  children: ReactNode;
  onClose(): void;
  /** Inline (the hosted /embed page) rather than over the page. */
  inline?: boolean;
  /** The fade between views (SPEC §9: 300 ms). */
  fadeMs: number;
}

export function ModalShell({ title, progress, height, viewKey, stepKey, aside, children, onClose, inline, fadeMs }: ModalShellProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement | null>(null);
  const main = useRef<HTMLDivElement | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);

  useEffect(() => {
    if (main.current) focusFirstField(main.current, heading.current);
  }, [stepKey]);

  return (
    <div className="pd-root">
      <div className={inline ? undefined : 'pd-backdrop'}>
        <div
          ref={dialog}
          className="pd-dialog"
          role="dialog"
          aria-modal={inline ? undefined : true}
          aria-labelledby={titleId}
          style={{ height: `${height}px` }}
          data-step={stepKey}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
            } else if (dialog.current) trapTab(dialog.current, event);
          }}
        >
          <div className="pd-aside">{aside}</div>
          <div className="pd-main" ref={main}>
            <div className="pd-top">
              <div
                className="pd-progress"
                role="progressbar"
                aria-label="Progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
              >
                <div style={{ transform: `scaleX(${progress / 100})` }} />
              </div>
              <button type="button" className="pd-icon pd-close" aria-label="Close" onClick={onClose} />
            </div>
            <div className="pd-view" key={viewKey} style={{ animationDuration: `${fadeMs}ms` }}>
              <h2 className="pd-title" id={titleId} ref={heading} tabIndex={-1}>
                {title}
              </h2>
              {children}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
