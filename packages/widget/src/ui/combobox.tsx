// An ARIA 1.2 combobox: a text input with a listbox of options. Arrow keys move through the options,
// Enter picks one, Escape closes the list (and only the list), a clear button empties the input.
// Used by the address search box and the 'Project Type' select.
import { useId, useRef, useState, type ReactNode } from 'react';

export interface ComboboxProps<T> {
  label: string;
  /** The text in the input. */
  text: string;
  onText(text: string): void;
  options: readonly T[];
  optionKey(option: T): string;
  optionLabel(option: T): ReactNode;
  onPick(option: T): void;
  /** Shown in the popup instead of options (e.g. 'Searching...'); null hides it. */
  status?: string | null;
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  /** Shows a clear button while there is text. */
  onClear?: () => void;
  clearLabel?: string;
  autoComplete?: string;
}

export function Combobox<T>(props: ComboboxProps<T>) {
  const { label, text, onText, options, optionKey, optionLabel, onPick, status, placeholder, hint, error, disabled } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const localRef = useRef<HTMLInputElement | null>(null);
  const showList = open && options.length > 0;
  const showStatus = open && !showList && !!status;

  const pick = (option: T) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: { key: string; preventDefault(): void; stopPropagation(): void }) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const option = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (open && option !== undefined) {
        event.preventDefault();
        pick(option);
      }
    } else if (event.key === 'Escape' && open) {
      // Close the list only; the modal closes on the next Escape.
      event.stopPropagation();
      setOpen(false);
    }
  };

  const described = [hint ? `${id}-h` : '', error ? `${id}-e` : ''].filter(Boolean).join(' ') || undefined;
  // The label, hint and error markup of ui/field.tsx, written out here: the combobox is the first view's
  // only field, and a shared Field component there costs ~70 B gzip of the first view's 14 KB budget.
  return (
    <div className="pd-field">
      <label className="pd-label" htmlFor={`${id}-i`}>
        {label}
      </label>
      <div className="pd-affix">
        <input
          ref={localRef}
          id={`${id}-i`}
          className="pd-input"
          role="combobox"
          aria-expanded={showList}
          aria-controls={`${id}-l`}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${id}-o${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          autoComplete={props.autoComplete ?? 'off'}
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          onChange={(event) => {
            onText(event.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {props.onClear && text ? (
          <button
            type="button"
            className="pd-icon"
            aria-label={props.clearLabel ?? 'Clear'}
            onClick={() => {
              props.onClear?.();
              setActive(-1);
              localRef.current?.focus();
            }}
          />
        ) : null}
      </div>
      <ul id={`${id}-l`} role="listbox" aria-label={label} className="pd-list" hidden={!showList}>
        {showList
          ? options.map((option, index) => (
              <li
                key={optionKey(option)}
                id={`${id}-o${index}`}
                role="option"
                aria-selected={index === active}
                className="pd-option"
                // mousedown would blur the input and close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(option)}
              >
                {optionLabel(option)}
              </li>
            ))
          : null}
      </ul>
      <div role="status" aria-live="polite" className={showStatus ? 'pd-list pd-status' : 'pd-sr'}>
        {showStatus ? status : ''}
      </div>
      {hint ? (
        <p className="pd-hint" id={`${id}-h`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="pd-error" id={`${id}-e`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
