import { sealData } from 'iron-session';
import type { Page } from 'playwright-core';
import { salesOrgSchema, sessionUserSchema, withAutomaticAccount, type SalesOrg, type SessionData } from '../../src/lib/session/session-data';
import { DEMO_PASSWORD, type Shop } from './shop';

export interface Account {
  shipTo: string;
  salesOrg: SalesOrg | string;
}

export interface SealedSignInOptions {
  /** The account and range to order for; without it, as after signing in: set only when there is one of each. */
  account?: Account;
  /** Also record the cookie choice "Necessary only", so no consent band is shown. */
  consent?: boolean;
  /** The password to sign in with (default: the demo users' password). */
  password?: string;
}

const SESSION_TTL_SECONDS = 30 * 24 * 3600;

async function passwordGrant(shop: Shop, username: string, password: string): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const basic = `Basic ${Buffer.from(`storefront:${shop.secrets.storefrontClientSecret}`).toString('base64')}`;
  const response = await fetch(`${shop.apiUrl}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password, channel: 'cfi' }).toString(),
  });
  if (!response.ok) throw new Error(`token for ${username}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

/**
 * Signs `page`'s browser context in as `username` by sealing the session cookie the storefront writes after a
 * sign-in (the sign-in form has tests of its own: web/e2e/shell-auth.test.ts). The page is not navigated. Returns
 * the session's access token, for set-up through the API.
 */
export async function sealedSignIn(shop: Shop, page: Page, username: string, options: SealedSignInOptions = {}): Promise<string> {
  const grant = await passwordGrant(shop, username, options.password ?? DEMO_PASSWORD);
  const answer = (await (await fetch(`${shop.apiUrl}/occ/v2/b2b/users/current`, { headers: { authorization: `Bearer ${grant.access_token}` } })).json()) as {
    shipTos?: { salesOrgs?: unknown[] }[];
  };
  const user = sessionUserSchema.parse({
    ...answer,
    shipTos: (answer.shipTos ?? []).map((shipTo) => ({ ...shipTo, salesOrgs: (shipTo.salesOrgs ?? []).filter((org) => salesOrgSchema.safeParse((org as { code?: unknown }).code).success) })),
  });
  const tokens = { accessToken: grant.access_token, refreshToken: grant.refresh_token, expiresAt: Math.floor(Date.now() / 1000) + grant.expires_in, lifetime: grant.expires_in };
  let session: SessionData = withAutomaticAccount({ tokens, user });
  if (options.account) {
    const { shipTo, salesOrg } = options.account;
    const chosen = user.shipTos.find((candidate) => candidate.code === shipTo && candidate.salesOrgs.some((org) => org.code === salesOrg));
    if (!chosen) throw new Error(`${username} does not order ${salesOrg} for ${shipTo}`);
    session = { tokens, user, activeShipTo: chosen.code, activeSoldTo: chosen.soldTo, activeSalesOrg: salesOrgSchema.parse(salesOrg) };
  }
  const value = await sealData(session, { password: shop.secrets.sessionSecret, ttl: SESSION_TTL_SECONDS });
  await page.context().addCookies([
    { name: 'mv_session', value, url: shop.baseUrl, httpOnly: true, sameSite: 'Lax' },
    ...(options.consent ? [{ name: 'mv_consent', value: 'necessary', url: shop.baseUrl, sameSite: 'Lax' as const }] : []),
  ]);
  return grant.access_token;
}
