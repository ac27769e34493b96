import type { OperatorRole } from '@/lib/admin/admin-session-data';

/** The back office's sections, in menu order. A new section is one more line (and its page under app/admin/). */
export interface AdminNavItem {
  href: string;
  label: string;
  /** Roles that see the item; all when absent. */
  roles?: readonly OperatorRole[];
}

export const ADMIN_NAV: AdminNavItem[] = [
  { href: '/admin/orders/', label: 'Orders' },
  { href: '/admin/approvals/', label: 'Approvals' },
  { href: '/admin/credit-holds/', label: 'Credit holds' },
  { href: '/admin/credits/', label: 'Credit requests' },
  { href: '/admin/customers/', label: 'Customers' },
  { href: '/admin/registrations/', label: 'Registrations' },
  { href: '/admin/products/', label: 'Products' },
  { href: '/admin/promotions/', label: 'Promotions' },
  { href: '/admin/imports/', label: 'Imports' },
  { href: '/admin/audit/', label: 'Audit log' },
  { href: '/admin/outbox/', label: 'Orders out' },
  { href: '/admin/mail/', label: 'Mail' },
  { href: '/admin/reports/', label: 'Reports' },
  { href: '/admin/operators/', label: 'Operators', roles: ['admin'] },
];

export const navFor = (role: OperatorRole) => ADMIN_NAV.filter((item) => !item.roles || item.roles.includes(role));
