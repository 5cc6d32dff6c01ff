// The project name, editable in place (PATCH /v4/permits/{id}/update-project-name), checked with core's
// projectNameSchema.
import { isApiRequestError } from '@permitdesk/core/client';
import { projectNameSchema } from '@permitdesk/core';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { useAction } from '../../data/use-action.js';

export interface ProjectNameEditorProps {
  name: string;
  /** Saves the name; resolves when the server accepted it. Null: the reader may not rename (the title only). */
  save: ((name: string) => Promise<void>) | null;
}

export function ProjectNameEditor({ name, save }: ProjectNameEditorProps) {
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(name);
  const { run, busy, error, setError } = useAction(
    async (call: () => Promise<void>) => {
      await call();
      setEditing(false);
    },
    (failure) => (isApiRequestError(failure) ? failure.message : 'The name could not be saved.'),
  );
  if (!editing || !save) {
    return (
      <div className="project-name">
        <h1 className="page-title project-name__title">{name}</h1>
        {save && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setText(name);
              setError(null);
              setEditing(true);
            }}
          >
            Rename
          </button>
        )}
      </div>
    );
  }
  return (
    <form
      className="project-name project-name--editing"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = v.safeParse(projectNameSchema, text);
        if (!parsed.success) {
          setError(parsed.issues[0].message);
          return;
        }
        void run(() => save(parsed.output));
      }}
    >
      <label className="visually-hidden" htmlFor={inputId}>
        Project name
      </label>
      <input
        id={inputId}
        className="field__input project-name__input"
        value={text}
        maxLength={200}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <button type="submit" className="btn btn--sm" disabled={busy}>
        Save
      </button>
      <button type="button" className="btn btn--sm btn--ghost" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {error && <p className="field__error project-name__error">{error}</p>}
    </form>
  );
}
