import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { promotions } from '../../../db/schema';
import { PROMOTION_AUDIENCES, PROMOTION_KINDS, PROMOTION_TARGETS, type PromotionKind } from '../../../pricing/promotions/promotion';
import { LIST_MAX, NAME_MAX, QUANTITY_MAX, promotionProblems, unknownReferences, unknownReferencesReason, type PromotionInput } from '../../../pricing/promotions/promotion-input';
import { savePromotions } from '../../../pricing/promotions/promotion-writer';
import { isValidIsoDate } from '../../../time/calendar-date';
import { refuseDuplicates, type ImportKind } from '../import-kind';
import type { ImportProblem } from '../import-report';
import { RowReader } from '../row-reader';

type Located<Row> = Row & { line: number };

/** The value rules as a file writes the value (a percentage, pounds), not as it is stored (basis points, pence). */
const VALUE_IN_FILE: Record<PromotionKind, string> = {
  percentOff: 'A percentage from 0.01 to 100, at most two decimals, e.g. 12.5',
  amountOff: 'Pounds off a case, from 0 to 1000000',
  fixedPrice: 'Pounds a case, from 0 to 1000000',
  buyXGetY: 'Buy X get Y takes no value: leave it empty',
};

/** Upper-cased once read; the file may write codes in either case. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** A percentage as written ("10", "12.5", "12.50 %") read exactly into basis points: no floating point. */
function readPercent(reader: RowReader): number | undefined {
  const value = (reader.row.values.get('value') ?? '').trim().replace(/\s*%$/, '');
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return reader.problem('value', VALUE_IN_FILE.percentOff);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The value column by kind: a percentage, pounds, or nothing for buy X get Y (docs/promotions.md "CSV"). */
function readValue(reader: RowReader, kind: PromotionKind): number | undefined {
  if (kind === 'percentOff') return readPercent(reader);
  if (kind === 'buyXGetY') return reader.has('value') ? reader.problem('value', VALUE_IN_FILE.buyXGetY) : 0;
  return reader.pence('value');
}

function readDate(reader: RowReader, column: 'validFrom' | 'validTo'): string | undefined {
  const value = reader.text(column, { max: 10 });
  if (value === undefined) return undefined;
  return isValidIsoDate(value) ? value : reader.problem(column, 'Must be a date, YYYY-MM-DD');
}

/** Customer group names may hold spaces, so only commas, semicolons and bars separate them; codes as in every kind. */
function readAudience(reader: RowReader, who: PromotionInput['who']): string[] {
  if (who !== 'groups') return reader.list('audience');
  return (reader.row.values.get('audience') ?? '')
    .split(/[,;|]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function readRow(reader: RowReader): PromotionInput | undefined {
  const code = reader.text('code', { max: 40, pattern: CODE_PATTERN, patternHint: "Letters, digits, '-' or '_' only" })?.toUpperCase();
  const name = reader.text('name', { max: NAME_MAX });
  const kind = reader.oneOf('kind', PROMOTION_KINDS);
  const value = kind === undefined ? undefined : readValue(reader, kind);
  const buyQuantity = reader.has('buyQuantity') ? reader.integer('buyQuantity', 1, QUANTITY_MAX) : null;
  const freeQuantity = reader.has('freeQuantity') ? reader.integer('freeQuantity', 1, QUANTITY_MAX) : null;
  const minQuantity = reader.integer('minQuantity', 1, QUANTITY_MAX, 1);
  const who = reader.oneOf('who', PROMOTION_AUDIENCES, 'all');
  const audience = who === undefined ? [] : readAudience(reader, who);
  const what = reader.oneOf('what', PROMOTION_TARGETS);
  const targets = reader.list('targets');
  if (targets.length === 0) reader.problem('targets', 'Required: the product codes or category ids, separated by spaces');
  if (audience.length > LIST_MAX) reader.problem('audience', `At most ${LIST_MAX}`);
  if (targets.length > LIST_MAX) reader.problem('targets', `At most ${LIST_MAX}`);
  const validFrom = readDate(reader, 'validFrom');
  const validTo = readDate(reader, 'validTo');
  if (code === undefined || name === undefined || kind === undefined || value === undefined || minQuantity === undefined || who === undefined || what === undefined) return undefined;
  if (buyQuantity === undefined || freeQuantity === undefined || validFrom === undefined || validTo === undefined || reader.problems.length > 0) return undefined;
  const input: PromotionInput = { code, name, kind, value, buyQuantity, freeQuantity, minQuantity, who, audience: [...new Set(audience)], what, targets: [...new Set(targets)], validFrom, validTo };
  const problems = promotionProblems(input);
  for (const problem of problems) reader.problem(problem.field, problem.field === 'value' ? VALUE_IN_FILE[kind] : problem.reason);
  return problems.length > 0 ? undefined : input;
}

/** Rows naming what does not exist, or a promotion ended early (final: docs/promotions.md), become problems. */
async function checkAgainstDatabase(db: Db, rows: Located<PromotionInput>[], problems: ImportProblem[]): Promise<Located<PromotionInput>[]> {
  const codes = rows.map((row) => row.code);
  const ended = new Set(
    codes.length === 0 ? [] : (await db.select({ code: promotions.code }).from(promotions).where(and(inArray(promotions.code, codes), isNotNull(promotions.endedAt)))).map((row) => row.code),
  );
  const valid: Located<PromotionInput>[] = [];
  for (const row of rows) {
    if (ended.has(row.code)) {
      problems.push({ line: row.line, column: 'code', reason: `Promotion ${row.code} was ended early and can no longer be changed` });
      continue;
    }
    const unknown = await unknownReferences(db, row);
    if (unknown) problems.push({ line: row.line, column: unknown.field, reason: unknownReferencesReason(unknown, row.who, row.what) });
    else valid.push(row);
  }
  return valid;
}

/**
 * Promotions by code: a new code creates one, a known code changes it (its version goes up), each audited.
 * Promotion files are short, so the whole file is checked at once; nothing is written unless every row passes.
 */
export const promotionImport: ImportKind<PromotionInput> = {
  kind: 'promotions',
  columns: [
    { name: 'code', required: true, help: "The promotion's code (the key): up to 40 letters, digits, '-' or '_', kept in upper case", example: 'BRIE10' },
    { name: 'name', required: true, help: 'What customers read, up to 120 characters', example: 'Brie 10 % off' },
    { name: 'kind', required: true, help: 'percentOff, amountOff (pounds off a case), fixedPrice (pounds a case) or buyXGetY', example: 'percentOff' },
    { name: 'value', required: false, help: 'percentOff: the percentage, e.g. 12.5; amountOff and fixedPrice: pounds a case, e.g. 1.50; buyXGetY: empty', example: '10' },
    { name: 'buyQuantity', required: false, help: 'buyXGetY only: cases to buy, 1 or more', example: '' },
    { name: 'freeQuantity', required: false, help: 'buyXGetY only: cases given free, 1 or more', example: '' },
    { name: 'minQuantity', required: false, help: 'Cases of the product on the line before the offer applies; default 1', example: '1' },
    { name: 'who', required: false, help: 'all, soldTos or groups; default all', example: 'all' },
    {
      name: 'audience',
      required: false,
      help: 'soldTos: sold-to codes separated by spaces; groups: customer group names separated by commas or semicolons; all: empty',
      example: '',
    },
    { name: 'what', required: true, help: 'products or categories', example: 'products' },
    { name: 'targets', required: true, help: 'Product codes or category ids (a category includes those below it), separated by spaces', example: '100001' },
    { name: 'validFrom', required: true, help: 'First delivery date it applies to, YYYY-MM-DD (London)', example: '2026-12-01' },
    { name: 'validTo', required: true, help: 'Last delivery date it applies to, YYYY-MM-DD, on or after validFrom', example: '2026-12-31' },
  ],
  async check(db, source) {
    const problems: ImportProblem[] = [];
    const read: Located<PromotionInput>[] = [];
    for (const row of source) {
      const reader = new RowReader(row);
      const input = readRow(reader);
      problems.push(...reader.problems);
      if (input) read.push({ ...input, line: row.line });
    }
    const unique = refuseDuplicates(read, (row) => row.code, 'code', problems);
    const rows = await checkAgainstDatabase(db, unique, problems);
    return { rows: rows.map(({ line: _line, ...row }) => row), problems };
  },
  write(tx, rows, context) {
    return savePromotions(tx, { operatorId: context.operatorId }, rows, context.now);
  },
};
