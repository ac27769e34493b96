import 'server-only';
import { API_BASE_PATH } from '../api/client';
import { send } from '../api/transport';

/**
 * How an acting session ends (docs/assisted-service.md "In the shop"). The operator's End asks the API to end it;
 * an acting session the API no longer takes (ended elsewhere, 30 minutes idle, its 8 hours over) goes through
 * GET /api/assisted/ended/, which clears its cookie and takes the operator back to the back office with
 * "The session acting for … has ended".
 */

/** Holds, for one minute and for back-office pages only, the name of the customer whose acting session ended. */
export const ASSIST_ENDED_COOKIE = 'mv_assist_ended';
/** The back office page's query flag that shows the message (with the cookie: a link alone shows nothing). */
export const ASSIST_ENDED_FLAG = 'actingEnded';

export function endedMessage(userName: string): string {
  return `The session acting for ${userName} has ended`;
}

/** Ends the acting session at the API with its own token; true when it is over (ended now, or already). */
export async function endAtApi(accessToken: string): Promise<boolean> {
  const response = await send(`${API_BASE_PATH}/users/current/assistedsession`, { method: 'DELETE', authorization: `Bearer ${accessToken}` });
  return response instanceof Response && (response.ok || response.status === 401);
}
