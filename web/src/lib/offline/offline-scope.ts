import { getConfig } from '../config';
import { isShopReady, withAutomaticAccount, type SessionData } from '../session/session-data';

/**
 * The partition a signed-in user's kept pages belong to: `<user>.<account>`, two HMACs under the session secret
 * (the user; the user with the active ship-to and range), so the name says nothing about who it is and cannot be
 * guessed for another user. Null for a session that is not ready to shop, and for an operator acting for a
 * customer (docs/assisted-service.md): nobody's pages are kept, and no cart change is queued offline.
 */
export async function offlineScope(data: SessionData): Promise<string | null> {
  const session = withAutomaticAccount(data);
  if (!session.user || !isShopReady(session) || session.assisted) return null;
  const { username } = session.user;
  const [user, account] = await Promise.all([
    mac(`user\n${username}`),
    mac(`account\n${username}\n${session.activeShipTo ?? ''}\n${session.activeSalesOrg ?? ''}`),
  ]);
  return `${user}.${account}`;
}

let key: Promise<CryptoKey> | undefined;
let keyFor: string | undefined;

async function mac(text: string): Promise<string> {
  const secret = getConfig().sessionSecret;
  if (!key || keyFor !== secret) {
    keyFor = secret;
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(`offline-scope\n${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  }
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await key, new TextEncoder().encode(text)));
  return Array.from(signature.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
