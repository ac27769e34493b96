import { basicAuth } from './oauth-client';
import type { TestServer } from './test-server';

/** The ERP's status feed as INTEGRATION_CLIENTS registers it in the tests. */
export const ERP_CLIENT = { id: 'erp', secret: 'erp-test-secret-0123456789abcdef', scopes: ['orders:status', 'orders:export'] };
/** A client registered with no status scope: it may read exports only. */
export const EXPORT_ONLY_CLIENT = { id: 'erp-files', secret: 'erp-files-secret-0123456789abcd', scopes: ['orders:export'] };

export const integrationEnv = () => ({ INTEGRATION_CLIENTS: JSON.stringify([ERP_CLIENT, EXPORT_ONLY_CLIENT]) });

/** A client-credentials token of an integration client, through the real token endpoint. */
export async function integrationToken(server: TestServer, client: { id: string; secret: string } = ERP_CLIENT): Promise<string> {
  const response = await fetch(`${server.url}/authorizationserver/oauth/token`, {
    method: 'POST',
    headers: { authorization: basicAuth(client), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`integration token failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** POST /admin/v1/orders/{code}/status with a bearer token; answers status and parsed body. */
export async function reportStatus(server: TestServer, token: string, code: string, body: unknown) {
  const response = await server.request(`/admin/v1/orders/${encodeURIComponent(code)}/status`, { method: 'POST', token, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { errors?: { type: string; message: string; subject?: string }[] } };
}
