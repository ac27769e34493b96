/**
 * Operator roles (docs/operators.md). `admin` runs everything; `customerService` looks after every customer and
 * their orders but may not change the catalogue or prices; `sales` (a rep) sees only the sold-tos assigned to them
 * (admin/operators/customer-scope.ts) and may act for those customers. Routes name the roles they allow
 * (admin-guard.ts).
 */
export const OPERATOR_ROLES = ['admin', 'customerService', 'sales'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const isOperatorRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

/** Who may change the catalogue (categories, products, activation) and customer prices. */
export const CATALOGUE_ROLES: readonly OperatorRole[] = ['admin'];
/** Who may look after every customer and order. */
export const SERVICE_ROLES: readonly OperatorRole[] = ['admin', 'customerService'];
/** Who may find customers, act for them and work the call list; `sales` only within their assigned sold-tos. */
export const CUSTOMER_ROLES: readonly OperatorRole[] = ['admin', 'customerService', 'sales'];
