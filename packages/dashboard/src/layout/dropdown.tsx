// A disclosure dropdown (button + list): Escape and a click outside close it, focus returns to the button.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export function Dropdown({ label, children, className = 'header__link' }: { label: ReactNode; children: (close: () => void) => ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="menu" ref={root}>
      <button ref={button} type="button" className={className} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label}
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul className="menu__list" id={id}>
          {children(() => setOpen(false))}
        </ul>
      )}
    </div>
  );
}
