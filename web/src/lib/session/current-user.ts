import 'server-only';
import { z } from 'zod';
import { API_BASE_PATH } from '../api/client';
import { readBody, send } from '../api/transport';
import { sessionUserSchema, shipToSchema, type SessionUser, type TokenSet } from './session-data';

const salesOrgEntry = shipToSchema.shape.salesOrgs.element;

/** Only the ranges the shop knows: a ship-to's other ones are ignored, not a reason to refuse the sign-in. */
const knownSalesOrgs = z
  .array(z.unknown())
  .default([])
  .transform((orgs) =>
    orgs.flatMap((org) => {
      const known = salesOrgEntry.safeParse(org);
      return known.success ? [known.data] : [];
    }),
  );

const currentUserSchema = sessionUserSchema.extend({ shipTos: z.array(shipToSchema.extend({ salesOrgs: knownSalesOrgs })) });

/**
 * The user the tokens belong to, with only the fields the shop uses; undefined when the API cannot say. Called
 * at sign-in before the tokens are in the session, and by the proxy before each page, hence the token as an
 * argument.
 */
export async function fetchCurrentUser(tokens: TokenSet, timeoutMs = 10_000): Promise<SessionUser | undefined> {
  const answer = await currentUserAnswer(tokens, timeoutMs);
  return answer === 'invalidToken' ? undefined : answer;
}

/** The same, telling a token the API refuses ('invalidToken': 401) from an API that cannot say (undefined). */
export async function currentUserAnswer(tokens: TokenSet, timeoutMs: number): Promise<SessionUser | 'invalidToken' | undefined> {
  const response = await send(`${API_BASE_PATH}/users/current`, { authorization: `Bearer ${tokens.accessToken}`, timeoutMs });
  if (!(response instanceof Response)) return undefined;
  if (response.status === 401) return 'invalidToken';
  if (!response.ok) return undefined;
  const user = currentUserSchema.safeParse(await readBody(response));
  return user.success ? user.data : undefined;
}
