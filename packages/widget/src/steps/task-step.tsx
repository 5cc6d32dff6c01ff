// Task step (SPEC §2.5 step 2): the searchable 'Project Type' select, Back and Next; the left side shows
// the municipality: 'You'll get permits through {name}.', its permit office's phone and 'Cutoff Time {time}'.
import { useMemo, useState } from 'react';
import { formatPhone, type Municipality, type Task } from '@permitdesk/core';
import { Combobox } from '../ui/combobox.js';
import { Button } from '../ui/button.js';
import { StepActions } from '../ui/step-form.js';

export interface TaskStepProps {
  tasks: readonly Task[];
  selected: Task | null;
  onSelect(task: Task | null): void;
  canNext: boolean;
  busy?: boolean;
  error?: string | null;
  onBack(): void;
  onNext(): void;
}

export function TaskStep({ tasks, selected, onSelect, canNext, busy, error, onBack, onNext }: TaskStepProps) {
  const [text, setText] = useState(selected?.name ?? '');
  const matches = useMemo(() => {
    const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
    // Once a task is picked its name is in the box; show every task again rather than just that one.
    if (selected && text === selected.name) return tasks;
    return tasks.filter((task) => words.every((word) => task.name.toLowerCase().includes(word)));
  }, [tasks, text, selected]);
  return (
    <>
      <Combobox
        label="Project Type"
        text={text}
        onText={(value) => {
          setText(value);
          if (selected && value !== selected.name) onSelect(null);
        }}
        options={matches}
        optionKey={(task) => String(task.id)}
        optionLabel={(task) => task.name}
        onPick={(task) => {
          setText(task.name);
          onSelect(task);
        }}
        status={tasks.length === 0 ? 'Loading...' : matches.length === 0 ? 'No Matches Found' : null}
        placeholder="Search project types..."
        error={error}
        onClear={() => {
          setText('');
          onSelect(null);
        }}
        clearLabel="Clear project type"
      />
      <StepActions onBack={onBack}>
        <Button disabled={!canNext} busy={busy} onClick={onNext}>
          Next
        </Button>
      </StepActions>
    </>
  );
}

/** '3:00 PM' for the cutoff hour 15. */
export const cutoffTime = (hour: number): string =>
  `${((hour + 11) % 12) + 1}:00 ${hour < 12 ? 'AM' : 'PM'}`;

/** The left side of the task step: who issues the permit, their phone and the daily cutoff. */
export function MunicipalityAside({ municipality }: { municipality: Municipality | null }) {
  if (!municipality) return null;
  const phone = municipality.phoneNumbers.find((entry) => entry.label.toLowerCase() === 'main');
  return (
    <div className="pd-muni">
      <p className="pd-h2">{`You'll get permits through ${municipality.name}.`}</p>
      {phone ? (
        <p>
          Permit office:{' '}
          <a className="pd-link" href={`tel:${phone.phoneNumber}`}>
            {formatPhone(phone.phoneNumber)}
          </a>
        </p>
      ) : null}
      <p>{`Cutoff Time ${cutoffTime(municipality.permitCutoffHour)}`}</p>
    </div>
  );
}
