/**
 * The environment `npm start` gives the API and the storefront on one machine (docs/configuration.md). Both read
 * METRICS_PORT, so each gets a port of its own: the API METRICS_PORT, the storefront the next one (0, any free
 * port, stays 0 for both). E-mail links go to the storefront started here unless SHOP_URL says otherwise.
 */
import { resolve } from 'node:path';

export class StartEnvError extends Error {}

/** Answers the ports and the environment of each process, or throws StartEnvError naming the setting at fault. */
export function startEnvironment(source, root) {
  const apiPort = source.API_PORT ?? '4000';
  const webPort = source.WEB_PORT ?? '3000';
  const shared = {
    ...source,
    DATA_DIR: resolve(root, source.DATA_DIR ?? '.data'),
    API_PORT: apiPort,
    API_URL: source.API_URL ?? `http://127.0.0.1:${apiPort}`,
    SHOP_URL: source.SHOP_URL ?? `http://localhost:${webPort}`,
  };
  const api = { ...shared };
  const web = { ...shared };
  const metrics = source.METRICS_PORT;
  if (metrics !== undefined && metrics !== '' && metrics !== '0') {
    const port = Number(metrics);
    if (!Number.isInteger(port) || port < 1 || port > 65534) {
      throw new StartEnvError('METRICS_PORT: must be a port from 1 to 65534 with npm start (the storefront takes the next one), or 0 for any free ports');
    }
    web.METRICS_PORT = String(port + 1);
    for (const [name, taken] of [['API_PORT', apiPort], ['WEB_PORT', webPort]]) {
      if ([metrics, web.METRICS_PORT].includes(String(taken))) {
        throw new StartEnvError(`METRICS_PORT: ${port} and ${port + 1} (the API's and the storefront's metrics) must both differ from ${name} ${taken}`);
      }
    }
  }
  return { apiPort, webPort, api, web };
}
