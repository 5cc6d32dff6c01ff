// The radar search box (SPEC §2.4): suggestions from the project search (size 5, page 1, +customerName,
// type active) as a combobox; Enter without a suggestion runs the full search
// (/project-radar/search?keyword=..&searchFields=...).
import { projectPermitUrl, radarSearchUrl, SUGGESTION_SEARCH, type ProjectSearchRow } from '@permitdesk/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../data/query-keys.js';
import { useQuery } from '../data/use-query.js';
import { api } from '../session/api.js';
import { useAuth } from '../session/session.js';

export const RADAR_SEARCH_PLACEHOLDER = 'Search by Customer Name, Project ID, Job Address, etc...';
const DEBOUNCE_MS = 250;

export function RadarSearchBox() {
  const navigate = useNavigate();
  const companyId = useAuth((s) => s.currentCompanyId);
  const [keyword, setKeyword] = useState('');
  // The text the suggestions are asked for: the keyword once typing paused, '' after a search is submitted.
  const [lookup, setLookup] = useState('');
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const listId = useId();
  // Cancels the suggestion lookup still waiting for its debounce: a search already submitted must not
  // reopen the list later.
  const cancelLookup = useRef<() => void>(() => undefined);

  useEffect(() => {
    const text = keyword.trim();
    const timer = setTimeout(() => setLookup(text), text ? DEBOUNCE_MS : 0);
    const cancel = () => clearTimeout(timer);
    cancelLookup.current = cancel;
    return cancel;
  }, [keyword]);

  // Its own query: the signal aborts only this box's previous lookup, never the radar's search.
  const request = { ...SUGGESTION_SEARCH, keyword: lookup, ...(companyId ? { companyId: Number(companyId) } : {}) };
  const suggestions = useQuery({
    queryKey: lookup ? queryKeys.projects.suggestions(request) : null,
    queryFn: ({ signal }) => api.projects.search({ query: request, signal, silent: true }),
    keepPreviousData: true,
  });
  const items: ProjectSearchRow[] = lookup && suggestions.error === undefined ? (suggestions.data?.items ?? []) : [];
  const answer = suggestions.loading ? undefined : suggestions.data;
  useEffect(() => {
    if (!answer) return;
    setActive(-1);
    setOpen(true);
  }, [answer]);

  const go = (to: string) => {
    cancelLookup.current();
    setLookup('');
    setOpen(false);
    navigate(to);
  };
  const choose = (row: ProjectSearchRow) => go(projectPermitUrl(row.projectId, row.id));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(items.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(-1, i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const row = active >= 0 ? items[active] : undefined;
      if (row) choose(row);
      else if (keyword.trim()) go(radarSearchUrl(keyword.trim()));
    }
  };
  const expanded = open && items.length > 0;
  return (
    <div className="header__search" role="search">
      <label className="visually-hidden" htmlFor={`${listId}-input`}>
        Search projects
      </label>
      <input
        id={`${listId}-input`}
        className="field__input"
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={RADAR_SEARCH_PLACEHOLDER}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => items.length > 0 && setOpen(true)}
      />
      {expanded && (
        <ul className="suggestions" id={listId} role="listbox" aria-label="Matching projects">
          {items.map((row, index) => (
            <li
              key={row.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="suggestions__item"
              onMouseDown={(event) => {
                event.preventDefault();
                choose(row);
              }}
            >
              {row.customerName}
              <span className="suggestions__meta">
                {row.taskName} · {row.address.streetAddress}, {row.address.city}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
