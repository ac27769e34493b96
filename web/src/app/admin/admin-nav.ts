import { CUSTOMER_ROLES, SERVICE_ROLES, type OperatorRole } from '@/lib/admin/admin-session-data';

/** The back office's sections, in menu order. A new section is one more line (and its page under app/admin/). */
export interface AdminNavItem {
  href: string;
  label: string;
  /** Roles that see the item. */
  roles: readonly OperatorRole[];
}

export const ADMIN_NAV: AdminNavItem[] = [
  { href: '/admin/orders/', label: 'Orders', roles: SERVICE_ROLES },
  { href: '/admin/approvals/', label: 'Approvals', roles: SERVICE_ROLES },
  { href: '/admin/credit-holds/', label: 'Credit holds', roles: SERVICE_ROLES },
  { href: '/admin/credits/', label: 'Credit requests', roles: SERVICE_ROLES },
  { href: '/admin/customers/', label: 'Customers', roles: CUSTOMER_ROLES },
  { href: '/admin/calls/', label: 'Calls', roles: CUSTOMER_ROLES },
  { href: '/admin/registrations/', label: 'Registrations', roles: SERVICE_ROLES },
  { href: '/admin/products/', label: 'Products', roles: SERVICE_ROLES },
  { href: '/admin/promotions/', label: 'Promotions', roles: SERVICE_ROLES },
  { href: '/admin/imports/', label: 'Imports', roles: SERVICE_ROLES },
  { href: '/admin/audit/', label: 'Audit log', roles: SERVICE_ROLES },
  { href: '/admin/outbox/', label: 'Orders out', roles: SERVICE_ROLES },
  { href: '/admin/mail/', label: 'Mail', roles: SERVICE_ROLES },
  { href: '/admin/reports/', label: 'Reports', roles: SERVICE_ROLES },
  { href: '/admin/operators/', label: 'Operators', roles: ['admin'] },
];

export const navFor = (role: OperatorRole) => ADMIN_NAV.filter((item) => item.roles.includes(role));
