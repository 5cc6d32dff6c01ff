// Municipalities and administrative areas as the API shows them (core's municipalitySchema and
// administrativeAreaSchema), read from the seeded tables. The keyword search and the lookup by id answer
// from a bounded cache of recent answers, valid while migration 0099's answer_version stays put
// (municipality-cache.ts); inside a transaction the SQL always answers.
import type { AdministrativeArea, Municipality } from '@permitdesk/core';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { idArray } from '../rows/values.js';
import { cacheMunicipalities, cachedMunicipalities } from './municipality-cache.js';
import { municipalityNameIndex } from './municipality-name-index.js';


interface AreaRow {
  id: number;
  type: AdministrativeArea['type'];
  name: string;
  state_code: string;
  slug: string;
  parent_id: number | null;
}
interface MunicipalityRow {
  id: number;
  name: string;
  slug: string;
  kind: Municipality['kind'];
  state_code: string;
  county_name: string | null;
  latitude: number;
  longitude: number;
  phone_numbers: Municipality['phoneNumbers'] | string;
  permit_cutoff_hour: number;
  administrative_area_id: number | null;
  /** The areas of area_path, in its order (a JSON array; a string where the driver leaves jsonb unparsed). */
  areas: AdministrativeArea[] | string;
}

export const toArea = (row: AreaRow): AdministrativeArea => ({
  id: row.id,
  name: row.name,
  type: row.type,
  stateCode: row.state_code,
  slug: row.slug,
  parentId: row.parent_id,
});

/**
 * The permit team's directory (municipality_directory, issue 12) overrides the reference data: its main
 * phone becomes the 'main' phone number (the widget shows that one) and its cut-off hour the permit cut-off.
 */
const municipalityColumns = sql.raw(
  `m.id, m.name, m.slug, m.kind, m.state_code, m.county_name, m.latitude, m.longitude,
   COALESCE((SELECT jsonb_build_array(jsonb_build_object('label', 'main', 'phoneNumber', d.main_phone))
       || COALESCE((SELECT jsonb_agg(e) FROM jsonb_array_elements(m.phone_numbers) e WHERE lower(e->>'label') <> 'main'), '[]'::jsonb)
     FROM municipality_directory d WHERE d.municipality_id = m.id AND d.main_phone IS NOT NULL), m.phone_numbers) AS phone_numbers,
   COALESCE((SELECT d.cutoff_hour FROM municipality_directory d WHERE d.municipality_id = m.id), m.permit_cutoff_hour) AS permit_cutoff_hour,
   m.administrative_area_id,
   (SELECT COALESCE(jsonb_agg(jsonb_build_object('id', a.id, 'type', a.type, 'name', a.name, 'stateCode', a.state_code,
        'slug', a.slug, 'parentId', a.parent_id) ORDER BY p.ord), '[]'::jsonb)
     FROM unnest(m.area_path) WITH ORDINALITY p(id, ord) JOIN administrative_areas a ON a.id = p.id) AS areas`,
);

/** A row → the API's municipality (its areas came in the same statement: one round trip per lookup). */
function toMunicipality(row: MunicipalityRow): Municipality {
  const path: AdministrativeArea[] = typeof row.areas === 'string' ? JSON.parse(row.areas) : row.areas;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind,
    stateCode: row.state_code,
    countyName: row.county_name,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    phoneNumbers: typeof row.phone_numbers === 'string' ? JSON.parse(row.phone_numbers) : row.phone_numbers,
    permitCutoffHour: row.permit_cutoff_hour,
    administrativeArea: path.find((area) => area.id === row.administrative_area_id) ?? null,
    administrativeAreas: path,
  };
}

/** '/us/ca/los-angeles-county/pasadena/city-of-pasadena/' → 'ca/los-angeles-county/pasadena/city-of-pasadena' */
export const normaliseSlug = (slug: string): string =>
  slug.trim().toLowerCase().replace(/^\/+|\/+$/g, '').replace(/^(embed\/)?us\//, '');

/**
 * A municipality by its slug. A shorter path also answers: a city's path gives the city, a county's
 * path its unincorporated area (the /us/{state}/{county}/{city} pages link those).
 */
export async function municipalityBySlug(db: Db, slug: string): Promise<Municipality | null> {
  const wanted = normaliseSlug(slug);
  if (!wanted) return null;
  const { rows } = await sql<MunicipalityRow>`
    SELECT ${municipalityColumns} FROM municipalities m WHERE m.slug = ${wanted}
    UNION ALL
    SELECT * FROM (
      SELECT ${municipalityColumns} FROM municipalities m JOIN administrative_areas a ON a.id = m.administrative_area_id
      WHERE a.slug = ${wanted} AND a.type <> 'state' ORDER BY m.id LIMIT 1
    ) by_area
    LIMIT 1`.execute(db);
  return rows[0] ? toMunicipality(rows[0]) : null;
}

/**
 * A municipality by id, as the public lookups show it (the directory's phone and cut-off included). Outside a
 * transaction the answer may come from the process's cache (municipality-cache.ts), checked against the
 * database's version first.
 */
export async function municipalityById(db: Db, id: number): Promise<Municipality | null> {
  if (!db.isTransaction) return (await municipalitiesByIds(db, [id])).byId.get(id) ?? null;
  const { rows } = await sql<MunicipalityRow>`SELECT ${municipalityColumns} FROM municipalities m WHERE m.id = ${id}`.execute(db);
  return rows[0] ? toMunicipality(rows[0]) : null;
}

type VersionedRow = MunicipalityRow & { search_version: string; answer_version: string };

/** At most this many tries with the cache; the last reads every row (answers of one snapshot, whatever others do). */
const ATTEMPTS = 3;

/**
 * The answers for these ids (those that exist), and the name list's version, read in one statement with the
 * answer version and the rows the cache lacks at that version. When the version moved past (or behind) the
 * cache's, the answers it held are not used: the next try reads them again.
 */
async function municipalitiesByIds(db: Db, ids: readonly number[]): Promise<{ searchVersion: bigint; byId: Map<number, Municipality> }> {
  for (let attempt = 1; ; attempt++) {
    const cached = attempt < ATTEMPTS ? cachedMunicipalities(db, ids) : { version: null, found: new Map<number, Municipality>(), missing: [...ids] };
    // The versions come with the rows (one statement, one snapshot; a row of nulls when none of those missing
    // exists); all cached, the versions alone (PGlite plans the statement with the rows in ≈1.5 ms, even for no id).
    const { rows } =
      cached.missing.length === 0
        ? await sql<VersionedRow>`SELECT version::text AS search_version, answer_version::text AS answer_version, NULL AS id FROM municipality_search_version`.execute(db)
        : await sql<VersionedRow>`
          SELECT v.version::text AS search_version, v.answer_version::text AS answer_version, ${municipalityColumns}
          FROM municipality_search_version v LEFT JOIN municipalities m ON m.id = ANY(${idArray(cached.missing)})`.execute(db);
    const searchVersion = BigInt(rows[0]?.search_version ?? '0');
    const answerVersion = BigInt(rows[0]?.answer_version ?? '0');
    const read = rows.filter((row) => row.id !== null).map(toMunicipality);
    cacheMunicipalities(db, answerVersion, read);
    if (cached.found.size === 0 || cached.version === answerVersion) {
      const byId = new Map(cached.found);
      for (const answer of read) byId.set(answer.id, answer);
      return { searchVersion, byId };
    }
  }
}

type MunicipalityFilter = { state?: string | undefined; keyword?: string | undefined; page: number; size: number };

/**
 * Municipalities by name (then id), filtered by state and by a keyword contained in the name. The ids of the
 * page come from the in-memory list of names (municipality-name-index.ts, issue 15: the SQL below took
 * 3–30 ms on PGlite, walking the name index past thousands of rows or sorting the trigram matches); their
 * answers from the cache of recent answers (municipality-cache.ts) or the database, after one statement that
 * reads both versions (so every replica sees an edit made through another by its next search). Inside a
 * transaction, whose own uncommitted edits neither list nor cache can see, the SQL answers.
 */
export async function listMunicipalities(db: Db, filter: MunicipalityFilter): Promise<{ items: Municipality[]; totalCount: number }> {
  if (db.isTransaction) return listMunicipalitiesBySql(db, filter);
  let index = await municipalityNameIndex(db);
  for (let attempt = 1; ; attempt++) {
    const { ids, totalCount } = index.search(filter);
    const { searchVersion, byId } = await municipalitiesByIds(db, ids);
    if (searchVersion > index.version && attempt < 3) {
      index = await municipalityNameIndex(db, searchVersion);
      continue;
    }
    return { items: ids.map((id) => byId.get(id)).filter((item): item is Municipality => item !== undefined), totalCount };
  }
}

/** The same answer from SQL alone (the trigram index of 0060 serves the keyword). */
export async function listMunicipalitiesBySql(db: Db, filter: MunicipalityFilter): Promise<{ items: Municipality[]; totalCount: number }> {
  const conditions = [sql`true`];
  if (filter.state) conditions.push(sql`m.state_code = ${filter.state}`);
  if (filter.keyword) conditions.push(sql`lower(m.name) LIKE ${`%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = sql.join(conditions, sql` AND `);
  const [page, count] = await Promise.all([
    sql<MunicipalityRow>`SELECT ${municipalityColumns} FROM municipalities m WHERE ${where}
      ORDER BY m.name, m.id LIMIT ${filter.size} OFFSET ${(filter.page - 1) * filter.size}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM municipalities m WHERE ${where}`.execute(db),
  ]);
  return { items: page.rows.map(toMunicipality), totalCount: Number(count.rows[0]?.n ?? 0) };
}

export async function coverage(db: Db): Promise<{ count: number; states: { stateCode: string; count: number }[] }> {
  const { rows } = await sql<{ state_code: string; n: number }>`
    SELECT state_code, count(*)::int AS n FROM municipalities GROUP BY state_code ORDER BY state_code`.execute(db);
  const states = rows.map((row) => ({ stateCode: row.state_code, count: Number(row.n) }));
  return { count: states.reduce((sum, state) => sum + state.count, 0), states };
}

export async function listAreas(
  db: Db,
  filter: { type?: AdministrativeArea['type'] | undefined; parentId?: number | undefined; keyword?: string | undefined; page: number; size: number },
): Promise<{ items: AdministrativeArea[]; totalCount: number }> {
  const conditions = [sql`true`];
  if (filter.type) conditions.push(sql`type = ${filter.type}`);
  if (filter.parentId !== undefined) conditions.push(sql`parent_id = ${filter.parentId}`);
  if (filter.keyword) conditions.push(sql`lower(name) LIKE ${`%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = sql.join(conditions, sql` AND `);
  const [page, count] = await Promise.all([
    sql<AreaRow>`SELECT id, type, name, state_code, slug, parent_id FROM administrative_areas WHERE ${where}
      ORDER BY name, id LIMIT ${filter.size} OFFSET ${(filter.page - 1) * filter.size}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM administrative_areas WHERE ${where}`.execute(db),
  ]);
  return { items: page.rows.map(toArea), totalCount: Number(count.rows[0]?.n ?? 0) };
}

/** Map zoom by kind of area: a state fills the map at 6, a county at 9, a city at 12. */
const ZOOM = { state: 6, county: 9, city: 12 } as const;

export async function areaMap(db: Db, id: number) {
  const { rows } = await sql<AreaRow & { latitude: number; longitude: number; n: number }>`
    SELECT a.id, a.type, a.latitude, a.longitude,
           (SELECT count(*)::int FROM municipalities m WHERE a.id = ANY(m.area_path)) AS n
    FROM administrative_areas a WHERE a.id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    center: [Number(row.longitude), Number(row.latitude)] as [number, number],
    zoom: ZOOM[row.type],
    municipalityCount: Number(row.n),
  };
}
