import { hasControlCharacters } from './control-characters';
import type { SourceRow } from './import-file';
import type { ImportProblem } from './import-report';

/**
 * Reads the cells of one row into typed values, collecting a problem (line, column, reason) for each bad cell
 * instead of stopping at the first, so a report names every fault of a row at once.
 */
export class RowReader {
  readonly problems: ImportProblem[] = [];

  constructor(readonly row: SourceRow) {}

  get line(): number {
    return this.row.line;
  }

  problem(column: string, reason: string): undefined {
    this.problems.push({ line: this.row.line, column, reason });
    return undefined;
  }

  private raw(column: string): string {
    return (this.row.values.get(column) ?? '').trim();
  }

  has(column: string): boolean {
    return this.raw(column) !== '';
  }

  text(column: string, options: { max?: number; optional?: boolean; pattern?: RegExp; patternHint?: string } = {}): string | undefined {
    const value = this.raw(column);
    if (value === '') return options.optional ? undefined : this.problem(column, 'Required');
    if (value.length > (options.max ?? 200)) return this.problem(column, `At most ${options.max ?? 200} characters`);
    if (hasControlCharacters(value)) return this.problem(column, 'Contains control characters');
    if (options.pattern && !options.pattern.test(value)) return this.problem(column, options.patternHint ?? 'Invalid value');
    return value;
  }

  /** A code: letters, digits, '-', '_' and '.', as products, categories and customers are keyed. */
  code(column: string, optional = false): string | undefined {
    return this.text(column, { max: 40, optional, pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, patternHint: "Letters, digits, '-', '_' or '.' only" });
  }

  integer(column: string, min: number, max: number, fallback?: number): number | undefined {
    const value = this.raw(column);
    if (value === '') return fallback ?? this.problem(column, 'Required');
    if (!/^-?\d+$/.test(value)) return this.problem(column, 'Must be a whole number');
    const number = Number(value);
    if (number < min || number > max) return this.problem(column, `Must be between ${min} and ${max}`);
    return number;
  }

  boolean(column: string, fallback: boolean): boolean | undefined {
    const value = this.raw(column).toLowerCase();
    if (value === '') return fallback;
    if (['true', 'yes', 'y', '1'].includes(value)) return true;
    if (['false', 'no', 'n', '0'].includes(value)) return false;
    return this.problem(column, 'Must be true or false');
  }

  oneOf<T extends string>(column: string, allowed: readonly T[], fallback?: T): T | undefined {
    const value = this.raw(column);
    if (value === '') return fallback ?? this.problem(column, 'Required');
    const match = allowed.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
    return match ?? this.problem(column, `Must be one of ${allowed.join(', ')}`);
  }

  /** Pounds and pence as written ("12.5", "12.50", "£1,234.00"), read exactly into integer pence: no floating point. */
  pence(column: string): number | undefined {
    const value = this.raw(column).replace(/^£/, '').replaceAll(',', '');
    if (value === '') return this.problem(column, 'Required');
    const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value);
    if (!match) return this.problem(column, 'Must be an amount in pounds with at most two decimals, e.g. 12.50');
    return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  }

  /** Words separated by spaces, commas or semicolons (a JSON array arrives joined by spaces). */
  list(column: string): string[] {
    return this.raw(column)
      .split(/[\s,;|]+/)
      .filter((item) => item !== '');
  }
}
