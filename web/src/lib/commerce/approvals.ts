import { z } from 'zod';
import type { AppError } from '@/lib/errors/app-error';
import { deliveryDay } from './cutoff';
import { lazyFormat } from './lazy-format';

/**
 * The answers of the approval calls (docs/approvals.md), checked with zod like every answer: one of another shape
 * is the catalogue's Default error. Amounts are integer pence, net of VAT. No server-only import: the limits form
 * checks its input with the same schema in the browser and in its Server Action.
 */
export const limitTypeSchema = z.enum(['orderThreshold', 'periodThreshold']);
export type LimitType = z.infer<typeof limitTypeSchema>;
export const periodRangeSchema = z.enum(['WEEK', 'MONTH']);
export type PeriodRange = z.infer<typeof periodRangeSchema>;

/**
 * A limit an order passes: which one, and the amount that passed it (the order's net total, or the ship-to's for
 * the week or month with the order in it, whose first and last delivery dates are `period`).
 */
export const approvalReasonSchema = z.object({
  limit: z.string().nullish(),
  type: limitTypeSchema,
  threshold: z.number().int(),
  periodRange: periodRangeSchema.nullish(),
  shipTo: z.string().nullish(),
  user: z.string().nullish(),
  amount: z.number().int().nullish(),
  period: z.object({ from: z.string(), to: z.string() }).nullish(),
});
export type ApprovalReason = z.infer<typeof approvalReasonSchema>;

/** Who decided: a name, or a user or operator object carrying one; null for the system (expiry). */
const deciderSchema = z
  .union([z.string(), z.object({ name: z.string() }).transform((who) => who.name)])
  .nullish()
  .transform((who) => who ?? null);

export const approvalDecisionSchema = z.object({
  decision: z.enum(['APPROVE', 'REJECT', 'EXPIRE', 'RESUBMIT']),
  comment: z.string().nullish(),
  by: deciderSchema,
  at: z.string(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

/** Who a held order waits for: the company's approvers or admins by name, or Meadowvale's customer service. */
export const waitingForSchema = z.object({ decidedBy: z.enum(['approvers', 'admins', 'operators']), names: z.array(z.string()) });
export type WaitingFor = z.infer<typeof waitingForSchema>;

/** On an order that was held: why, what was decided, until when (its cut-off) and, on its page, who decides it. */
export const orderApprovalSchema = z.object({
  reasons: z.array(approvalReasonSchema).default([]),
  decisions: z.array(approvalDecisionSchema).default([]),
  deadline: z.string().nullish(),
  waitingFor: waitingForSchema.nullish(),
});

/** Checkout's preview for the cart and a delivery date. */
export const approvalCheckSchema = z.object({ needsApproval: z.boolean(), reasons: z.array(approvalReasonSchema).default([]) });
export type ApprovalCheck = z.infer<typeof approvalCheckSchema>;

/** A limit as company admins and operators manage it: for a ship-to or a user of one sold-to. */
export const approvalLimitSchema = z.object({
  code: z.string(),
  type: limitTypeSchema,
  threshold: z.number().int(),
  periodRange: periodRangeSchema.nullish(),
  soldTo: z.string().optional(),
  shipTo: z.object({ code: z.string(), name: z.string() }).nullish(),
  user: z.object({ uid: z.string(), name: z.string() }).nullish(),
  /** The held orders over it now: what changing or deleting it checks again. */
  heldOrders: z.number().int().default(0),
});
export type ApprovalLimit = z.infer<typeof approvalLimitSchema>;
/** A new limit as the API takes it: the ship-to's code or the user's uid. */
export interface NewLimit {
  type: LimitType;
  threshold: number;
  periodRange?: PeriodRange;
  shipTo?: string;
  user?: string;
}
/** What can change on a limit: its amount, and a period limit's week or month. */
export interface LimitChange {
  threshold: number;
  periodRange?: PeriodRange;
}
export const approvalLimitListSchema = z.object({ orderApprovalPermissions: z.array(approvalLimitSchema) });

/** What a decision's Server Action answers its form (the shop's and the back office's). */
export type DecisionState = { status: 'idle' } | { status: 'error'; message: string; field?: 'comment'; network?: boolean; at: number };

/** A decision's comment: at most this long, and needed to reject. */
export const COMMENT_MAX = 1000;
export const COMMENT_NEEDED = 'Say why you reject this order: the buyer reads it in the e-mail.';

const decisionForm = z.object({
  orderCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
  decision: z.enum(['APPROVE', 'REJECT']),
  comment: z.string().trim().max(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters`),
  /** The order's version as the decider saw it, when the queue gave one. */
  version: z.string().regex(/^[0-9a-f]{16}$/).optional(),
});

/** A decision as the API takes it. */
export type DecisionBody = Omit<z.output<typeof decisionForm>, 'orderCode'>;

/** A decision form's input, or the state saying what is wrong with it (a rejection without a comment). */
export function decisionInput(form: FormData): z.output<typeof decisionForm> | DecisionState {
  const input = decisionForm.safeParse({ orderCode: form.get('orderCode'), decision: form.get('decision'), comment: form.get('comment') ?? '', version: form.get('version') ?? undefined });
  if (!input.success) {
    const issue = input.error.issues[0];
    const atComment = issue?.path[0] === 'comment';
    return { status: 'error', message: atComment ? issue.message : 'Reload the page and try again', ...(atComment ? { field: 'comment' as const } : {}), at: Date.now() };
  }
  if (input.data.decision === 'REJECT' && input.data.comment === '') return { status: 'error', message: COMMENT_NEEDED, field: 'comment', at: Date.now() };
  return input.data;
}

/** A refused decision as its form shows it: the cut-off passed, decided meanwhile, one's own order. */
export const decisionRefused = (error: AppError): DecisionState =>
  error.type === 'FailedToFetch'
    ? { status: 'error', message: error.description, network: true, at: Date.now() }
    : { status: 'error', message: error.description || error.title, ...(error.subject === 'comment' ? { field: 'comment' as const } : {}), at: Date.now() };

/** The queue's address after a decision on an order or a standing order, which says what was done. */
export const decidedQuery = (code: string, decision: 'APPROVE' | 'REJECT', kind: 'order' | 'standing' = 'order'): string =>
  new URLSearchParams({ decided: code, decision: decision === 'APPROVE' ? 'approved' : 'rejected', ...(kind === 'standing' ? { kind } : {}) }).toString();

const DECIDED: Record<string, (code: string) => string> = {
  approved: (code) => `Order ${code} approved: it is placed and goes to the warehouse.`,
  rejected: (code) => `Order ${code} rejected. The buyer gets an e-mail with the comment.`,
  standingApproved: (code) => `Standing order ${code} approved: its deliveries are placed at their cut-offs.`,
  standingRejected: (code) => `Standing order ${code} rejected: no delivery is placed until its lines change.`,
};

/** What the last decision did, read from the queue's address (decidedQuery); undefined for anything else. */
export function decidedText(params: Record<string, string | string[] | undefined>): string | undefined {
  const { decided, decision, kind } = params;
  if (typeof decided !== 'string' || !/^[A-Za-z0-9-]{1,40}$/.test(decided) || (decision !== 'approved' && decision !== 'rejected')) return undefined;
  const key = kind === 'standing' ? `standing${decision === 'approved' ? 'Approved' : 'Rejected'}` : decision;
  return DECIDED[key]?.(decided);
}

/** The most a limit may be in the form: £1,000,000.00. */
export const MAX_THRESHOLD_PENCE = 100_000_000;

/**
 * "150", "150.00", "1,000", "£1,000.50" pounds as pence, or undefined for anything else: commas only between
 * groups of three digits, as the amount is written ("1,00" is not an amount).
 */
export function poundsToPence(value: string): number | undefined {
  const match = /^\s*£?\s*(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!match?.[1]) return undefined;
  const pounds = match[1].replaceAll(',', '');
  if (pounds.length > 7) return undefined;
  return Number(pounds) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** What the form calls a limit's kind: per order, or a ship-to's total per London week or month. */
export const LIMIT_KINDS = { order: 'Per order', WEEK: 'Per week', MONTH: 'Per month' } as const;
export type LimitKind = keyof typeof LIMIT_KINDS;

export const kindOf = (limit: Pick<ApprovalLimit, 'type' | 'periodRange'>): LimitKind => (limit.type === 'orderThreshold' ? 'order' : (limit.periodRange ?? 'WEEK'));

/** An amount in pounds as typed, as pence. */
const thresholdField = z.string().transform((value, context) => {
  const pence = poundsToPence(value);
  if (pence === undefined || pence > MAX_THRESHOLD_PENCE) {
    context.addIssue({ code: 'custom', message: 'Enter an amount in pounds, for example 150, 150.00 or 1,000' });
    return z.NEVER;
  }
  return pence;
});

/** The limits form, checked in its Server Action; each message names its field. */
export const limitFormSchema = z
  .object({
    kind: z.enum(['order', 'WEEK', 'MONTH'], 'Choose per order, per week or per month'),
    threshold: thresholdField,
    /** "shipTo:<code>" or "user:<uid>". */
    subject: z.string().regex(/^(shipTo|user):.{1,200}$/, 'Choose who the limit is for'),
  })
  .superRefine((form, context) => {
    if (form.kind !== 'order' && form.subject.startsWith('user:')) context.addIssue({ code: 'custom', path: ['subject'], message: 'A weekly or monthly limit is for a ship-to' });
  });
export type LimitField = 'kind' | 'threshold' | 'subject';

/** The limit the form describes, as the API takes it. */
export function limitBody(form: z.output<typeof limitFormSchema>): NewLimit {
  const who = form.subject.slice(form.subject.indexOf(':') + 1);
  return {
    type: form.kind === 'order' ? 'orderThreshold' : 'periodThreshold',
    threshold: form.threshold,
    ...(form.kind === 'order' ? {} : { periodRange: form.kind }),
    ...(form.subject.startsWith('shipTo:') ? { shipTo: who } : { user: who }),
  };
}

/** A change to a limit: a new amount, and for a period limit the week or month. */
export const limitChangeSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'Reload the page and try again'),
  threshold: thresholdField,
  kind: z.enum(['order', 'WEEK', 'MONTH'], 'Choose per week or per month'),
});

/** Who a limit is for, in words: "Harbour Café – Quayside (0000410002)", "Ben Carter (buyer@example.com)". */
export const limitSubjectText = (limit: Pick<ApprovalLimit, 'shipTo' | 'user'>): string =>
  limit.shipTo ? `${limit.shipTo.name} (${limit.shipTo.code})` : limit.user ? `${limit.user.name} (${limit.user.uid})` : '';

const poundFormat = lazyFormat(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));

/** 15000 → "£150.00". */
export const formatPence = (pence: number): string => poundFormat().format(pence / 100);

/** "£150.00" → "150.00", for a form field holding an amount in pounds. */
export const penceToPounds = (pence: number): string => (pence / 100).toFixed(2);

const PERIOD_WORD: Record<PeriodRange, string> = { WEEK: 'weekly', MONTH: 'monthly' };

/** The limit in words: "£150.00 per order", "£500.00 a week". */
export const limitText = (limit: Pick<ApprovalLimit, 'type' | 'threshold' | 'periodRange'>): string =>
  limit.type === 'orderThreshold' ? `${formatPence(limit.threshold)} per order` : `${formatPence(limit.threshold)} a ${limit.periodRange === 'MONTH' ? 'month' : 'week'}`;

/**
 * Who reads a reason: the signed-in user (`self`, their sign-in name: their own limit is "your order limit"), and
 * the order's buyer when the reader knows them (a decider: the buyer's limit is named after them).
 */
export interface ReasonReader {
  self?: string;
  buyer?: { name: string; email: string } | null;
}

/**
 * Why an order needs approval, in one sentence naming the limit it goes over and by how much: "Over your order
 * limit of £150.00: this order is £212.40 net" to the buyer, "Over the order limit of £150.00 for Ben Carter: …"
 * to a decider.
 */
export function reasonText(reason: ApprovalReason, reader: ReasonReader = {}): string {
  const amount = reason.amount === null || reason.amount === undefined ? '' : formatPence(reason.amount);
  if (reason.type === 'orderThreshold') {
    const measured = amount ? `: this order is ${amount} net` : '';
    if (reason.user && reason.user === reader.self) return `Over your order limit of ${formatPence(reason.threshold)}${measured}`;
    const person = reason.user && reader.buyer?.email.toLowerCase() === reason.user.toLowerCase() ? reader.buyer.name : reason.user;
    return `Over the order limit of ${formatPence(reason.threshold)} ${person ? `for ${person}` : 'for this ship-to'}${measured}`;
  }
  const word = PERIOD_WORD[reason.periodRange ?? 'WEEK'];
  const span = reason.period ? ` for deliveries ${deliveryDay(reason.period.from)} to ${deliveryDay(reason.period.to)}` : '';
  return `Over the ${word} limit of ${formatPence(reason.threshold)} for this ship-to${amount ? `: ${amount} net${span} with this order` : ''}`;
}

const DECISION_WORD: Record<ApprovalDecision['decision'], string> = {
  APPROVE: 'Approved',
  REJECT: 'Rejected',
  EXPIRE: 'Expired at the cut-off',
  RESUBMIT: 'Sent for approval again for another date',
};

/** "Priya Shah", "Priya Shah or Sam Lee", or Meadowvale's customer service when the back office decides. */
export function waitingForText(waiting: WaitingFor): string {
  const { names } = waiting;
  if (waiting.decidedBy === 'operators' || names.length === 0) return 'Waiting for Meadowvale customer service';
  return `Waiting for ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`}`;
}

/** What happens at the deadline, said wherever a held order is: "It must be approved by Tue 1 Dec at 12:00; otherwise it expires and is not delivered." */
export const deadlineText = (deadlineLabel: string): string => `It must be approved by ${deadlineLabel}; otherwise it expires and is not delivered.`;

/** The deadline of an order waiting for credit (docs/credit-control.md), its cut-off in words. */
export const creditDeadlineText = (deadlineLabel: string): string =>
  `It goes to the warehouse once our credit team releases it. If it is not released by the cut-off (${deadlineLabel}), it expires and is not delivered.`;

/** "Rejected by Hannah Head" / "Expired at the cut-off". */
export const decisionText = (decision: ApprovalDecision): string =>
  decision.by && decision.decision !== 'EXPIRE' ? `${DECISION_WORD[decision.decision]} by ${decision.by}` : DECISION_WORD[decision.decision];
