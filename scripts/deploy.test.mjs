/**
 * The deployment files agree with each other and with the code (docs/operations.md "Deploy"). No Docker engine
 * runs on the project's machines and the compose CLI is not always there (.ci/run), so these checks run on
 * every `npm test`: the settings compose needs are in deploy/.env.example, the proxy addresses the processes
 * trust are the ones compose gives HAProxy and the storefronts, HAProxy's servers and checks are compose's
 * services and health routes, and the image builds with the commands `npm start` uses.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import yaml from 'js-yaml';

const root = new URL('../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

const composeText = read('compose.yaml');
const compose = yaml.load(composeText);
const envExample = read('deploy/.env.example');
const haproxy = read('deploy/haproxy.cfg');
const dockerfile = read('Dockerfile');
const services = compose.services;
const env = (service) => services[service].environment;
const address = (service) => services[service].networks.shop.ipv4_address;

/** Names set in the example env file, commented out (optional) or not (required). */
const exampleNames = (commented) =>
  new Set([...envExample.matchAll(commented ? /^#([A-Z_]+)=/gm : /^([A-Z_]+)=/gm)].map((match) => match[1]));

test('every variable compose.yaml reads is in deploy/.env.example; the required ones set there', () => {
  const interpolated = [...composeText.matchAll(/\$\{([A-Z_]+)(:[?-])?/g)].map(([, name, kind]) => ({ name, required: kind === ':?' }));
  const passedOn = Object.values(services).flatMap((service) =>
    Object.entries(service.environment ?? {}).filter(([, value]) => value === null).map(([name]) => ({ name, required: false })),
  );
  const [set, optional] = [exampleNames(false), exampleNames(true)];
  const missing = [...interpolated, ...passedOn].filter(({ name, required }) => !set.has(name) && (required || !optional.has(name)));
  assert.deepEqual([...new Set(missing.map(({ name }) => name))], []);
  assert.ok(interpolated.some(({ required }) => required), 'the secrets are required');
});

test('the APIs trust exactly HAProxy and the storefronts; the storefronts trust HAProxy', () => {
  const [balancer, web1, web2] = [address('haproxy'), address('web-1'), address('web-2')];
  for (const api of ['api-1', 'api-2']) assert.deepEqual(env(api).TRUST_PROXY.split(',').sort(), [balancer, web1, web2].sort());
  for (const web of ['web-1', 'web-2']) assert.equal(env(web).WEB_TRUST_PROXY, balancer);
  // Fixed addresses lie in the subnet but outside the range handed out to the other containers.
  const [network] = compose.networks.shop.ipam.config;
  assert.equal(network.subnet, '172.30.0.0/24');
  assert.equal(network.ip_range, '172.30.0.128/25');
  for (const fixed of [balancer, web1, web2]) {
    const last = Number(fixed.split('.').at(-1));
    assert.ok(fixed.startsWith('172.30.0.') && last > 0 && last < 128, fixed);
  }
});

test("HAProxy balances compose's processes, checks their health routes, and the storefronts call it", () => {
  const servers = (backend) => {
    const section = haproxy.split(/^backend /m).find((part) => part.startsWith(`${backend}\n`)) ?? '';
    return {
      servers: [...section.matchAll(/^\s+server \S+ (\S+)$/gm)].map((match) => match[1]),
      check: section.match(/option httpchk GET (\S+)/)?.[1],
    };
  };
  const api = servers('api');
  const web = servers('web');
  assert.deepEqual(api.servers, ['api-1:4000', 'api-2:4000']);
  assert.deepEqual(web.servers, ['web-1:3000', 'web-2:3000']);
  for (const name of [...api.servers, ...web.servers]) assert.ok(services[name.split(':')[0]], `${name} is a compose service`);
  assert.ok(services['api-1'].healthcheck.test.join(' ').includes(`127.0.0.1:4000${api.check}`), 'the API health check is HAProxy\'s');
  assert.ok(services['web-1'].healthcheck.test.join(' ').includes(`127.0.0.1:3000${web.check}`), 'the storefront health check is HAProxy\'s');
  const binds = [...haproxy.matchAll(/^frontend (\S+)\n\s+bind :(\d+)/gm)].map(([, name, port]) => [name, port]);
  assert.deepEqual(binds, [['shop_in', '8080'], ['api_in', '4000']]);
  assert.equal(env('web-1').API_URL, 'http://haproxy:4000');
  assert.deepEqual(services.haproxy.ports, ['${HTTP_PORT:-8080}:8080']);
  assert.deepEqual(services['web-1'].command, ['node', 'server.mjs', '-p', '3000']);
});

test("every process's metrics can be scraped inside the network, and none is published", () => {
  // The API's metrics listen on API_HOST, the image's 0.0.0.0; the storefront's on loopback unless METRICS_HOST says.
  assert.match(dockerfile, /^ENV .*\bAPI_HOST=0\.0\.0\.0\b/m);
  for (const api of ['api-1', 'api-2']) assert.equal(env(api).METRICS_PORT, 9464);
  for (const web of ['web-1', 'web-2']) {
    assert.equal(env(web).METRICS_PORT, 9464);
    assert.equal(env(web).METRICS_HOST, '0.0.0.0');
  }
  for (const service of ['api-1', 'api-2', 'web-1', 'web-2']) assert.equal(services[service].ports, undefined, service);
});

test('the image builds with the commands npm start uses and keeps only runtime dependencies, as node', () => {
  const start = read('scripts/start.mjs');
  assert.match(start, /\['run', 'build', '-w', 'api'\]/);
  assert.equal(JSON.parse(read('web/package.json')).scripts.build, 'next build');
  assert.match(dockerfile, /^RUN npm run build -w api && npm run build -w web\b/m);
  assert.match(dockerfile, /^RUN npm ci --no-audit --no-fund$/m);
  assert.match(dockerfile, /^RUN npm ci --omit=dev\b/m);
  assert.match(dockerfile, /^USER node$/m);
  assert.match(dockerfile, /^CMD \["node", "api\/dist\/main\.js"\]$/m);
  assert.match(dockerfile, /^ENV NODE_ENV=production\b/m);
});
