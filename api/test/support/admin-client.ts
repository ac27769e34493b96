import { hashPassword } from '../../src/auth/passwords';
import type { OperatorRole } from '../../src/admin/auth/roles';
import { operators } from '../../src/db/schema';
import { DEMO_OPERATOR, DEMO_PASSWORD } from '../../src/seed/demo-accounts';
import { basicAuth } from './oauth-client';
import type { TestServer } from './test-server';

export const ADMIN_EMAIL = DEMO_OPERATOR.email;

/** The operator sign-in as the storefront's server calls it. */
export function operatorSignIn(server: TestServer, email: string, password: string, headers: Record<string, string> = {}) {
  return server.request('/admin/v1/auth/token', {
    method: 'POST',
    headers: { authorization: basicAuth(), ...headers },
    body: JSON.stringify({ email, password }),
  });
}

export async function operatorToken(server: TestServer, email = ADMIN_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const response = await operatorSignIn(server, email, password);
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`operator sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** An operator of the test's own (unique e-mail), with the demo password. */
export async function createOperator(server: TestServer, role: OperatorRole, status = 'active'): Promise<string> {
  const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}@meadowvale.example`;
  await server.database.db.insert(operators).values({ email, name: `Test ${role}`, role, status, passwordHash: await hashPassword(DEMO_PASSWORD) });
  return email;
}

/** The answer of POST /admin/v1/imports/{kind}, as the import tests read it. */
export interface ImportReport {
  outcome: string;
  rows: number;
  valid: number;
  refused: number;
  inserted: number;
  updated: number;
  unchanged: number;
  invited: number;
  problems: { line: number; column: string; reason: string }[];
  errors?: { message: string }[];
}
