// The projects a guest may see (issue 18): a company can have thousands, so instead of listing them all
// the picker asks the radar's search (GET /v4/projects/search, the same scope and keyword rules as the
// radar) for the company's projects matching what is typed, once typing pauses, and keeps the chosen ones
// as removable chips. The combobox is the widget's (keyboard and ARIA 1.2 behaviour included).
import { type ProjectSearchRow } from '@permitdesk/core';
import { Combobox } from '@permitdesk/widget';
import { useMemo, useState } from 'react';
import { queryKeys } from '../../../data/query-keys.js';
import { useDebouncedValue } from '../../../data/use-debounced-value.js';
import { useQuery } from '../../../data/use-query.js';
import { api } from '../../../session/api.js';
import '../../../ui/widget-fields.css';

export interface PickedProject {
  id: number;
  label: string;
}

/** How long typing must pause before the picker asks the server (ms). */
export const PROJECT_PICKER_DEBOUNCE_MS = 300;
/** Matches shown at once: the search's page size. */
export const PROJECT_PICKER_SIZE = 10;
export const PROJECT_PICKER_LABEL = 'Projects to share';
export const NO_MATCHING_PROJECTS = 'No project of this company matches.';

const projectLabel = (row: ProjectSearchRow) => `${row.projectName || row.customerName} · ${row.address.streetAddress}, ${row.address.city}`;

export function ProjectPicker({ companyId, chosen, onChange }: { companyId: string; chosen: readonly PickedProject[]; onChange: (next: PickedProject[]) => void }) {
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const keyword = useDebouncedValue(text.trim(), PROJECT_PICKER_DEBOUNCE_MS);
  // Only once the user is in the field: an untouched form asks nothing of a 2,000-project company.
  const request = { keyword, companyId: Number(companyId), size: PROJECT_PICKER_SIZE, type: 'all' as const };
  const found = useQuery({
    queryKey: focused ? queryKeys.guestAccess.projects(companyId, keyword) : null,
    queryFn: ({ signal }) => api.projects.search({ query: request, signal, silent: true }),
    keepPreviousData: true,
  });
  // One option per project (the search lists permits), without those already chosen.
  const options = useMemo(() => {
    const byId = new Map<number, PickedProject>();
    for (const row of found.data?.items ?? []) if (!byId.has(row.projectId)) byId.set(row.projectId, { id: row.projectId, label: projectLabel(row) });
    return [...byId.values()].filter((option) => !chosen.some((picked) => picked.id === option.id));
  }, [found.data, chosen]);
  const settled = keyword === text.trim() && !found.loading;
  const status = found.error !== undefined ? 'The projects could not be searched.' : !settled || !found.data ? 'Searching…' : options.length === 0 ? NO_MATCHING_PROJECTS : null;
  return (
    <div className="project-picker widget-fields" onFocus={() => setFocused(true)}>
      <Combobox
        label={PROJECT_PICKER_LABEL}
        placeholder="Search by customer, project name, project ID or address"
        hint="Type to find a project; pick as many as the guest may see."
        text={text}
        onText={setText}
        options={options}
        optionKey={(option) => String(option.id)}
        optionLabel={(option) => option.label}
        onPick={(option) => {
          onChange([...chosen, option]);
          setText('');
        }}
        status={status}
        onClear={() => setText('')}
        clearLabel="Clear the project search"
      />
      {chosen.length > 0 && (
        <ul className="project-picker__chosen" aria-label="Projects chosen">
          {chosen.map((project) => (
            <li key={project.id} className="project-picker__chip">
              <span>{project.label}</span>
              <button type="button" className="btn btn--sm btn--ghost" aria-label={`Remove ${project.label}`} onClick={() => onChange(chosen.filter((picked) => picked.id !== project.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
