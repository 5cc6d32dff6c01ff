// Pages of a header-paged list (the radar, the assigned projects): the page count comes from the
// x-pagination-* headers (core's HeaderPage).
import './pager.css';

export function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  const go = (target: number) => () => onPage(Math.min(Math.max(1, target), pageCount));
  return (
    <nav className="pager" aria-label="Pages" data-tour="radar-pager">
      <button type="button" className="btn btn--sm btn--ghost" disabled={page <= 1} onClick={go(1)}>
        First
      </button>
      <button type="button" className="btn btn--sm btn--ghost" disabled={page <= 1} onClick={go(page - 1)}>
        Previous
      </button>
      <span className="pager__label" aria-current="page">
        Page {page.toLocaleString('en-US')} of {pageCount.toLocaleString('en-US')}
      </span>
      <button type="button" className="btn btn--sm btn--ghost" disabled={page >= pageCount} onClick={go(page + 1)}>
        Next
      </button>
      <button type="button" className="btn btn--sm btn--ghost" disabled={page >= pageCount} onClick={go(pageCount)}>
        Last
      </button>
    </nav>
  );
}
