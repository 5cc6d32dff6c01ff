// A modal built on <dialog>: the browser gives focus trapping, Escape and the backdrop for free.
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Text of the close link in the header; SPEC §2.6 and §2.8 use 'Close Window'. */
  closeLabel?: string;
  wide?: boolean;
  /** A static backdrop: Escape does not close (SPEC §2.8 cancellation modal). */
  staticBackdrop?: boolean;
}

export function Modal({ open, title, onClose, children, footer, closeLabel = 'Close', wide, staticBackdrop }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // happy-dom and old browsers lack showModal; fall back to the open attribute.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={wide ? 'modal modal--wide' : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!staticBackdrop) onClose();
      }}
    >
      <div className="modal__header">
        <h2 className="modal__title" id={titleId}>
          {title}
        </h2>
        <button type="button" className="link-button" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
      <div className="modal__body">{children}</div>
      {footer && <div className="modal__footer">{footer}</div>}
    </dialog>
  );
}
