/**
 * The life of a credit request as one table (docs/after-delivery.md "Credit requests"): made `requested` by a
 * check-in, then decided once by the ERP or an operator. A decided request is final. The database holds the same
 * list (credit_requests_status_check, migration 0015).
 */
export const CREDIT_STATUSES = ['requested', 'accepted', 'partlyAccepted', 'rejected'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** The statuses a decision may set. */
export const DECISION_STATUSES = ['accepted', 'partlyAccepted', 'rejected'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const CREDIT_TRANSITIONS: Readonly<Record<CreditStatus, readonly CreditStatus[]>> = {
  requested: ['accepted', 'partlyAccepted', 'rejected'],
  accepted: [],
  partlyAccepted: [],
  rejected: [],
};

export const isCreditStatus = (value: string): value is CreditStatus => (CREDIT_STATUSES as readonly string[]).includes(value);

export function canMoveCredit(from: CreditStatus, to: CreditStatus): boolean {
  return CREDIT_TRANSITIONS[from].includes(to);
}

/** Decided once and for all: no move leaves this status. */
export const isDecided = (status: CreditStatus): boolean => CREDIT_TRANSITIONS[status].length === 0;
