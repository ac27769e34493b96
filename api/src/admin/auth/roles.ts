/**
 * Operator roles. `admin` runs everything; `service` (customer service) looks after customers and orders but
 * may not change the catalogue or prices. Routes name the roles they allow (admin-guard.ts).
 */
export const OPERATOR_ROLES = ['admin', 'service'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const isOperatorRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

/** Who may change the catalogue (categories, products, activation) and customer prices. */
export const CATALOGUE_ROLES: readonly OperatorRole[] = ['admin'];
/** Who may look after customers and orders. */
export const SERVICE_ROLES: readonly OperatorRole[] = ['admin', 'service'];
