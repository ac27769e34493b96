import { categories } from '../../../db/schema';
import { RANGES, type Range } from '../../../accounts/ship-tos';
import type { Db } from '../../../db/client';
import { refuseDuplicates, type ImportKind } from '../import-kind';
import type { ImportProblem } from '../import-report';
import { RowReader } from '../row-reader';
import { upsertRows } from '../upsert';

export interface CategoryImportRow {
  line: number;
  id: string;
  name: string;
  parentId: string | null;
  position: number;
}

const MAX_DEPTH = 6;

/** Each category's range: its top-level ancestor (CHIL or DAIR), through the file's rows and the database's. */
function rangesOf(rows: CategoryImportRow[], stored: Map<string, string | null>, problems: ImportProblem[]): Map<string, Range> {
  const parents = new Map(stored);
  for (const row of rows) parents.set(row.id, row.parentId);
  const ranges = new Map<string, Range>();
  for (const row of rows) {
    let id: string | null = row.id;
    const seen = new Set<string>();
    while (id !== null && parents.get(id) !== null && parents.get(id) !== undefined && !seen.has(id) && seen.size < MAX_DEPTH) {
      seen.add(id);
      id = parents.get(id) ?? null;
    }
    const top = id;
    if (top === null || !parents.has(top)) problems.push({ line: row.line, column: 'parent', reason: `Parent '${row.parentId ?? ''}' is neither in this file nor in the catalogue` });
    else if (seen.has(top) || seen.size >= MAX_DEPTH) problems.push({ line: row.line, column: 'parent', reason: 'The parents form a loop or are nested too deep' });
    else if (!(RANGES as readonly string[]).includes(top)) problems.push({ line: row.line, column: 'parent', reason: `The top level must be a range (${RANGES.join(' or ')}), not '${top}'` });
    else ranges.set(row.id, top as Range);
  }
  return ranges;
}

/** Categories by id; the top level is the range itself (CHIL, DAIR), every other category names its parent. */
export type CategoryRecord = Omit<CategoryImportRow, 'line'> & { range: Range };

export const categoryImport: ImportKind<CategoryRecord> = {
  kind: 'categories',
  columns: [
    { name: 'id', required: true, help: 'Category id, e.g. DAIR_MILK; CHIL and DAIR are the ranges (top level)', example: 'DAIR_MILK' },
    { name: 'name', required: true, help: 'Name shown in the shop', example: 'Milk' },
    { name: 'parent', required: false, help: 'Id of the parent category; empty only for CHIL and DAIR', example: 'DAIR_DRINKS' },
    { name: 'position', required: false, help: 'Order among its siblings (0 first); default 0', example: '1' },
  ],
  async check(db: Db, source) {
    const problems: ImportProblem[] = [];
    const read: CategoryImportRow[] = [];
    for (const row of source) {
      const reader = new RowReader(row);
      const id = reader.code('id');
      const name = reader.text('name', { max: 100 });
      const parentId = reader.code('parent', true) ?? null;
      const position = reader.integer('position', 0, 10_000, 0);
      if (id !== undefined && parentId === null && !(RANGES as readonly string[]).includes(id)) {
        reader.problem('parent', `Required: only ${RANGES.join(' and ')} are top-level`);
      }
      if (id !== undefined && parentId === id) reader.problem('parent', 'A category cannot be its own parent');
      problems.push(...reader.problems);
      if (reader.problems.length === 0 && id !== undefined && name !== undefined && position !== undefined) read.push({ line: row.line, id, name, parentId, position });
    }
    const unique = refuseDuplicates(read, (row) => row.id, 'id', problems);
    const stored = new Map((await db.select({ id: categories.id, parentId: categories.parentId }).from(categories)).map((row) => [row.id, row.parentId]));
    const ranges = rangesOf(unique, stored, problems);
    const rows = unique.flatMap((row) => {
      const range = ranges.get(row.id);
      return range ? [{ id: row.id, name: row.name, parentId: row.parentId, position: row.position, range }] : [];
    });
    return { rows, problems };
  },
  write(tx, rows) {
    const values = rows.map(({ id, name, parentId, range, position }) => ({ id, name, parentId, range, position }));
    return upsertRows(tx, categories, values, [categories.id], [categories.name, categories.parentId, categories.range, categories.position]);
  },
};
