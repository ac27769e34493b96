/**
 * What a use case answers: its value, or the business problem that stopped it. Problems are returned,
 * never thrown (docs/decisions/005-error-model.md); only the exceptional (a database gone, a bug) throws.
 * Each domain module declares its own problem union in `<module>/problems.ts`; `<module>/problem-answers.ts`
 * turns each of them into the HTTP answer of the error catalogue, and routes answer with `unwrap`
 * (errors/reply.ts).
 */
export type Result<T, P> = { ok: true; value: T } | { ok: false; problem: P };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <P>(problem: P): { ok: false; problem: P } => ({ ok: false, problem });
