// Keeps the database typed in one place: every table the migrations create has its type in `Database`
// (db/tables/), and no module re-types a database handle with a cast.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { TABLES, type Database } from './schema.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = path.resolve(src, '../migrations');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });

/** A cast that hides a handle's type: `as unknown as` / `as never` on a line about the database, or `as Kysely<…>`. */
const isHandleCast = (line: string): boolean => {
  const code = line.trim();
  if (code.startsWith('/') || code.startsWith('*')) return false; // comments
  if (/\bas (Kysely<|Transaction<|Db\b|Tx\b)/.test(code)) return true;
  return /\bas (unknown as|never)\b/.test(code) && /\b(db|trx|kysely|transaction|database|tx)\b/i.test(code);
};

const createdTables = (): string[] =>
  readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .flatMap((name) => [...readFileSync(path.join(migrations, name), 'utf8').matchAll(/^\s*CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gim)])
    .map((match) => match[1]!.toLowerCase());

describe('the Database type', () => {
  it('lists every table of Database in TABLES', () => {
    expectTypeOf<Exclude<keyof Database, (typeof TABLES)[number]>>().toEqualTypeOf<never>();
  });

  it('has a type for every table the migrations create, and no table they do not', () => {
    const created = createdTables();
    expect(created.length).toBeGreaterThan(0);
    expect([...TABLES].sort()).toEqual([...new Set(created)].sort());
  });

  it('is never re-typed with a cast on a database handle', () => {
    const casts = sourceFiles(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (isHandleCast(line) ? [`${path.relative(src, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(casts).toEqual([]);
  });
});
