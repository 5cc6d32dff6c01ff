// Filters above the radar: the keyword being searched (with a way back to every project), the status
// filter AllProject / HasPermit, and the sort. Each change goes into the URL.
import { PROJECT_SORTS } from '@permitdesk/core';
import { useId } from 'react';
import type { ProjectSort, RadarQuery, StatusFilter } from './radar-query.js';

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { AllProject: 'All Projects', HasPermit: 'Permits' };
export const SORT_LABELS: Record<ProjectSort, string> = {
  '+customerName': 'Customer name (A–Z)',
  '-customerName': 'Customer name (Z–A)',
  '+createdAt': 'Date added (oldest first)',
  '-createdAt': 'Date added (newest first)',
  '+status': 'Status (earliest stage first)',
  '-status': 'Status (latest stage first)',
};

export interface RadarToolbarProps {
  query: RadarQuery;
  onChange: (change: Partial<Omit<RadarQuery, 'page'>>) => void;
  /** /project-radar/sorting shows the sorts as a list of choices. */
  sortAsChoices?: boolean;
}

export function RadarToolbar({ query, onChange, sortAsChoices = false }: RadarToolbarProps) {
  const sortId = useId();
  return (
    <div className="radar-toolbar" data-tour="radar-filters">
      {query.keyword && (
        <p className="radar-toolbar__keyword" data-tour="radar-keyword">
          Results for <strong>“{query.keyword}”</strong>{' '}
          <button type="button" className="link-button" onClick={() => onChange({ keyword: '', searchFields: null })}>
            Clear search
          </button>
        </p>
      )}
      <div className="segmented" role="group" aria-label="Show">
        {(Object.keys(STATUS_FILTER_LABELS) as StatusFilter[]).map((status) => (
          <button
            key={status}
            type="button"
            className="segmented__option"
            aria-pressed={query.status === status}
            onClick={() => onChange({ status })}
          >
            {STATUS_FILTER_LABELS[status]}
          </button>
        ))}
      </div>
      {sortAsChoices ? (
        <fieldset className="radar-toolbar__sorts" data-tour="radar-sort">
          <legend>Sort by</legend>
          {PROJECT_SORTS.map((sort) => (
            <label key={sort} className="radar-toolbar__sort-choice">
              <input type="radio" name="radar-sort" value={sort} checked={query.sort === sort} onChange={() => onChange({ sort })} />
              {SORT_LABELS[sort]}
            </label>
          ))}
        </fieldset>
      ) : (
        <div className="radar-toolbar__sort" data-tour="radar-sort">
          <label htmlFor={sortId} className="field__label">
            Sort by
          </label>
          <select id={sortId} className="field__input field__input--sm" value={query.sort} onChange={(event) => onChange({ sort: event.currentTarget.value as ProjectSort })}>
            {PROJECT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
