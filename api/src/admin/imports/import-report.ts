/** One refused cell or row: where it is and why. Line 0 is the file as a whole. */
export interface ImportProblem {
  line: number;
  column: string;
  reason: string;
}

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** What an import answers and records: every refused row by line and column, and what was (or would be) written. */
export interface ImportReport extends WriteCounts {
  kind: string;
  fileName: string;
  dryRun: boolean;
  outcome: 'checked' | 'applied' | 'refused';
  rows: number;
  valid: number;
  refused: number;
  problems: ImportProblem[];
  /** New users without a password who were e-mailed an invitation (customers imports; docs/people.md). */
  invited: number;
}

export const refusedLines = (problems: ImportProblem[]) => new Set(problems.map((problem) => problem.line)).size;
