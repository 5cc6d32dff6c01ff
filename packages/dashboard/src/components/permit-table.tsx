// A plain table of radar rows (the full radar of issue 6 replaces the pages that use it).
import { projectPermitUrl, type ProjectSearchRow } from '@permitdesk/core';
import { Link } from 'react-router';
import { PlainTable } from '../ui/plain-table.js';

export function PermitTable({ rows, empty }: { rows: ProjectSearchRow[]; empty: string }) {
  if (rows.length === 0) return <p className="card">{empty}</p>;
  return (
    <PlainTable headers={['Customer', 'Work', 'Job address', 'Municipality']}>
      {rows.map((row) => (
        <tr key={row.id}>
          <td>
            <Link to={projectPermitUrl(row.projectId, row.id)}>{row.customerName}</Link>
          </td>
          <td>{row.taskName}</td>
          <td>
            {row.address.streetAddress}, {row.address.city}, {row.address.state}
          </td>
          <td>{row.municipality.name}</td>
        </tr>
      ))}
    </PlainTable>
  );
}
