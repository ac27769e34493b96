/** Why a report was refused: values, answered over HTTP by problem-answers.ts. */
export type ReportProblem = { kind: 'notCompanyAdmin' } | { kind: 'periodReversed' } | { kind: 'periodTooLong'; months: number } | { kind: 'daysTooMany'; days: number };
