import { z } from 'zod';

/** What the encrypted session cookie holds. Tokens stay in here: they never reach the page. */
export const salesOrgSchema = z.enum(['CHIL', 'DAIR']);
export type SalesOrg = z.infer<typeof salesOrgSchema>;

export const shipToSchema = z.object({
  code: z.string(),
  name: z.string(),
  soldTo: z.string(),
  salesOrgs: z.array(z.object({ code: salesOrgSchema })),
});

export const sessionUserSchema = z.object({
  username: z.string(),
  customerId: z.string(),
  name: z.string(),
  shipTos: z.array(shipToSchema),
  /** The user's roles per sold-to, as of this page (withCurrentUser): which company pages the menu offers (the API checks every call). */
  roles: z.array(z.object({ soldTo: z.string(), roles: z.array(z.string()) })).optional(),
  /** No sign-in before this session's: greeted with "Welcome", not "Welcome back". */
  firstSignIn: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const tokenSetSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Epoch seconds. */
  expiresAt: z.number(),
  /** Seconds the access token was issued for; decides how early it is refreshed. */
  lifetime: z.number(),
});
export type TokenSet = z.infer<typeof tokenSetSchema>;

/**
 * An operator acting for the customer (docs/assisted-service.md "In the shop"): who, for whom, and where the back
 * office takes them back to. Only the acting session's own cookie (assisted-cookie.ts) carries it.
 */
const RETURN_PAGES = ['/admin/customers/', '/admin/calls/'] as const;
const assistedSchema = z.object({
  id: z.number().int(),
  operatorName: z.string(),
  userName: z.string(),
  shipTo: z.string(),
  shipToName: z.string(),
  returnTo: z.enum(RETURN_PAGES),
});
export type Assisted = z.infer<typeof assistedSchema>;

export const sessionDataSchema = z.object({
  /** An acting session's token has no refresh token (''): it is never refreshed, it ends. */
  tokens: tokenSetSchema.optional(),
  user: sessionUserSchema.optional(),
  activeShipTo: z.string().optional(),
  activeSoldTo: z.string().optional(),
  activeSalesOrg: salesOrgSchema.optional(),
  assisted: assistedSchema.optional(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

/** A session as pages see it: who is signed in and for which account, never the tokens. */
export type Session = Omit<SessionData, 'tokens'>;

export interface ShopSession {
  user: SessionUser;
  activeShipTo: string;
  activeSoldTo: string;
  activeSalesOrg: SalesOrg;
}

/** Refresh a little before expiry: a tenth of the token's life, at most 30 s. */
export function needsRefresh(tokens: TokenSet, nowSeconds = Date.now() / 1000): boolean {
  const margin = Math.min(30, tokens.lifetime / 10);
  return tokens.expiresAt - margin <= nowSeconds;
}

const holds = (user: SessionUser, role: string): boolean => user.roles?.some((entry) => entry.roles.includes(role)) ?? false;

/** Whether the user may decide on held orders: approvers, and admins (who decide when a sold-to has no approver). */
export const decidesApprovals = (user: SessionUser): boolean => holds(user, 'admin') || holds(user, 'approver');

export interface MenuLink {
  href: string;
  label: string;
}

/**
 * The company pages the account menus offer: everyone's invoices and credit requests (docs/after-delivery.md) and
 * the site's allergen profile (docs/food-information.md) and its substitutes default (docs/substitutions.md; only
 * admins change either), then by the roles held (as of the
 * page's request, see withCurrentUser): approvers, and admins (who decide when a sold-to has no approver,
 * docs/approvals.md), see the approvals, with how many orders wait for them; admins also
 * run users and limits and read the spend report.
 */
export function companyMenuLinks(user: SessionUser, approvalsWaiting = 0, acting = false): MenuLink[] {
  const links = allCompanyLinks(user, approvalsWaiting);
  return acting ? links.filter((link) => !outOfReachWhileActing(link.href)) : links;
}

function allCompanyLinks(user: SessionUser, approvalsWaiting: number): MenuLink[] {
  const admin = holds(user, 'admin');
  return [
    { href: '/account/invoices/', label: 'Invoices' },
    { href: '/account/credits/', label: 'Credits' },
    { href: '/account/allergens/', label: 'Allergen profile' },
    { href: '/account/substitutes/', label: 'Substitutes' },
    ...(decidesApprovals(user) ? [{ href: '/account/approvals/', label: approvalsWaiting > 0 ? `Approvals (${approvalsWaiting})` : 'Approvals' }] : []),
    ...(admin
      ? [
          { href: '/account/company/users/', label: 'Company users' },
          { href: '/account/company/limits/', label: 'Spending limits' },
          { href: '/account/reports/', label: 'Spend report' },
        ]
      : []),
  ];
}

/**
 * The pages an operator acting for a customer cannot use (the API refuses their calls with reason
 * `assistedSession`): password, e-mail notification settings, the company's users and limits, approval decisions.
 * Their links are hidden while acting, and the proxy answers them with "Not available while acting for a customer".
 */
const OUT_OF_REACH_WHILE_ACTING = [/^\/account\/password(\/|$)/, /^\/account\/notifications(\/|$)/, /^\/account\/company\/(users|limits)(\/|$)/, /^\/account\/approvals(\/|$)/];

export const outOfReachWhileActing = (pathname: string): boolean => OUT_OF_REACH_WHILE_ACTING.some((pattern) => pattern.test(pathname));

/** An acting session shows only the ship-to it was started for, whatever else its user holds. */
export function limitedToShipTo(user: SessionUser, shipTo: string): SessionUser {
  return { ...user, shipTos: user.shipTos.filter((candidate) => candidate.code === shipTo) };
}

export function isShopReady(session: SessionData): boolean {
  if (!session.user || !session.activeShipTo || !session.activeSalesOrg) return false;
  const shipTo = session.user.shipTos.find((candidate) => candidate.code === session.activeShipTo);
  return Boolean(shipTo?.salesOrgs.some((org) => org.code === session.activeSalesOrg));
}

/** A user with exactly one ship-to holding exactly one range needs no choice: it is set up for them. */
export function withAutomaticAccount(session: SessionData): SessionData {
  const only = session.user?.shipTos.length === 1 ? session.user.shipTos[0] : undefined;
  const range = only?.salesOrgs.length === 1 ? only.salesOrgs[0] : undefined;
  if (!only || !range || isShopReady(session)) return session;
  return { ...session, activeShipTo: only.code, activeSoldTo: only.soldTo, activeSalesOrg: range.code };
}

/**
 * The session with the user as the API describes them now (accounts, ranges, roles), or undefined when nothing
 * changed: a role given or taken by a company admin shows in the menus of the next page, and an account taken
 * away stops being the active one (the user is asked again).
 */
export function withCurrentUser(session: SessionData, user: SessionUser): SessionData | undefined {
  if (!session.user || JSON.stringify(session.user) === JSON.stringify(user)) return undefined;
  const updated: SessionData = { ...session, user };
  if (isShopReady(updated)) return updated;
  const { activeShipTo: _shipTo, activeSoldTo: _soldTo, activeSalesOrg: _salesOrg, ...rest } = updated;
  return withAutomaticAccount(rest);
}
