import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DemoSecrets {
  storefrontClientSecret: string;
  sessionSecret: string;
}

/**
 * Demo mode keeps generated secrets beside the embedded database, so a restart keeps sessions and the
 * storefront (which reads the same file) agrees with the API. Never used when DATABASE_URL is set.
 */
export function loadOrCreateDemoSecrets(dataDir: string): DemoSecrets {
  const file = join(dataDir, 'demo-secrets.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DemoSecrets;
  } catch {
    const secrets: DemoSecrets = {
      storefrontClientSecret: randomBytes(32).toString('base64url'),
      sessionSecret: randomBytes(32).toString('base64url'),
    };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}
