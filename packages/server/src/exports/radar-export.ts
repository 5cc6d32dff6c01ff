// The radar's view as CSV (issue 18): the radar walk (projects/search/radar-walk.ts: the search's scope,
// filters and sort, in keyset pages) turned into rows of RADAR_CSV_COLUMNS, streamed.
import { RADAR_CSV_COLUMNS, assignedLabel, derivePermitStatus, stageName, type Permit } from '@permitdesk/core';
import type { Db } from '../db/schema.js';
import type { RadarSearchParams } from '../projects/search/radar-filters.js';
import { walkRadar } from '../projects/search/radar-walk.js';
import type { RadarScope } from '../projects/search/scope.js';
import { csvStream, type CsvCell } from '../rows/csv.js';

function radarRecord(permit: Permit, now: Date): CsvCell[] {
  return [
    permit.id,
    permit.projectId,
    permit.customerName,
    permit.orderNumber,
    permit.projectAddress,
    permit.taskName,
    permit.municipalityName,
    stageName(permit.stage),
    derivePermitStatus(permit, now),
    permit.permitNumber,
    permit.projectValue,
    assignedLabel(permit.projectsAssignments),
    permit.createdAt,
    permit.issuedAt,
    permit.expiresAt,
    permit.cancellationRequested,
  ];
}

async function* radarRecords(db: Db, scope: RadarScope, params: RadarSearchParams, now: Date, pageSize?: number): AsyncGenerator<CsvCell[]> {
  for await (const page of walkRadar(db, scope, params, pageSize)) {
    for (const permit of page) yield radarRecord(permit, now);
  }
}

/** Every permit of the radar view as CSV, read a page at a time (the scope must have been checked). */
export const radarCsvStream = (db: Db, scope: RadarScope, params: RadarSearchParams, now: Date, pageSize?: number): ReadableStream<Uint8Array> =>
  csvStream(RADAR_CSV_COLUMNS, radarRecords(db, scope, params, now, pageSize));
