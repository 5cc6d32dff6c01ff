// A plain table: the wrap that lets it scroll sideways, a caption for screen readers, a header cell per
// column, and the rows given. Lists that sort or page use the radar's DataTable instead.
import type { ReactNode } from 'react';

export function PlainTable({ caption, headers, children }: { caption?: string; headers: readonly ReactNode[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="table">
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
