import assert from 'node:assert/strict';
import { randomInt, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { addEntryBody, cartDetailsBody, cartParams, cartQuery, entryParams, listQuery, saveQuery, scopeQuery, updateEntryBody } from '../src/carts/cart-schemas';
import { categoryInput, categoryParams, detailInput, detailParams, searchInput, suggestionInput } from '../src/catalogue/catalogue-routes';
import { imageParams } from '../src/catalogue/image-routes';
import { deliveryDatesQuery } from '../src/delivery/delivery-routes';
import { clientErrorReport } from '../src/logging/client-error-schema';
import { companyHistoryQuery, historyQuery, orderParams, placeQuery } from '../src/orders/order-routes';
import { invoiceListQuery, statementQuery } from '../src/invoices/invoice-routes';
import {
  actionParams,
  codeParams,
  createBody,
  deliveryBody,
  deliveryParams,
  filterQuery,
  listQuery as standingListQuery,
  updateBody,
} from '../src/standing-orders/standing-schemas';
import { sellableProducts, shopper, SOLO } from './support/cart-helpers';
import { basicAuth } from './support/oauth-client';
import { routeTable, type Route } from './support/route-table';
import { fieldsObject, fieldsOf, formBody, pathSegment, queryString, requestBody } from './support/schema-fuzz';
import { startTestServer, type TestServer } from './support/test-server';

/** Cases per route; CI runs the default. FUZZ_SEED replays a failing run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? randomInt(2 ** 31));
const PARALLEL = 8;

/** Every input schema the routes parse with, by where the input comes from. */
const QUERY_FIELDS = fieldsOf([scopeQuery, cartQuery, listQuery, saveQuery, searchInput, suggestionInput, detailInput, categoryInput, placeQuery, historyQuery, companyHistoryQuery, deliveryDatesQuery, standingListQuery, filterQuery, invoiceListQuery, statementQuery]);
const BODY_FIELDS = fieldsOf([addEntryBody, updateEntryBody, cartDetailsBody, clientErrorReport, createBody, updateBody, deliveryBody]);
const PARAM_FIELDS = fieldsOf([cartParams, entryParams, orderParams, imageParams, detailParams, categoryParams, codeParams, deliveryParams, actionParams]);
/** The OAuth endpoints' form (RFC 6749 §4.3, §4.4, §6, RFC 7009). */
const OAUTH_FIELDS = fieldsOf([
  z.object({
    grant_type: z.enum(['password', 'client_credentials', 'refresh_token', 'authorization_code']),
    username: z.string().max(254),
    password: z.string().max(1024),
    channel: z.enum(['cfi']),
    refresh_token: z.string().max(512),
    token: z.string().max(512),
    token_type_hint: z.enum(['access_token', 'refresh_token']),
    client_id: z.string(),
    client_secret: z.string(),
  }),
]);

interface Case {
  route: Route;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

describe('schema-derived fuzzing: no route answers 5xx to any generated input, and the server stays up', () => {
  let server: TestServer;
  let routes: Route[];
  let realistic: { query: Record<string, string[]>; body: Record<string, unknown[]>; params: Record<string, string[]>; token: string };

  before(async () => {
    server = await startTestServer();
    const solo = await shopper(server, SOLO);
    const products = await sellableProducts(server, 'DAIR', 3);
    const cart = (await solo.call('POST', '/users/current/carts')).body.code as string;
    await solo.call('POST', `/users/current/carts/${cart}/entries`, { body: { product: { code: products[0] }, quantity: 2 } });
    const standing = await solo.call('POST', '/users/current/standingorders', { body: { cartId: cart, weekdays: [2, 5], startDate: '2030-01-01' } });
    const standingCode = standing.body.code as string;
    routes = routeTable(server.app.printRoutes({ commonPrefix: false }));
    // Values the demo data holds, so that generated requests also reach the code behind validation.
    realistic = {
      token: solo.token,
      query: { shipTo: [SOLO.shipTo, '0000410002'], salesOrg: ['DAIR', 'CHIL'], cartId: ['active', cart], query: ['milk', 'milk:relevance:brand:Meadowvale'], term: ['mil'] },
      body: { product: products.map((code) => ({ code })), quantity: [1, '2', 0], requestedDeliveryDate: ['2030-01-07', ''], messageType: ['ERROR'], weekdays: [[2], [2, 5], [1]], startDate: ['2030-01-01'], skipped: [true, false], entries: [products.map((code) => ({ product: { code }, quantity: 1 })), []] },
      params: { cartId: ['active', cart], entryNumber: ['0', '1'], code: [...products, 'unknown', standingCode], date: ['2030-01-01', '2030-01-04'], action: ['pause', 'resume', 'end'], file: [`${products[0]}.svg`], catalog: ['meadowvaleProductCatalog'], version: ['Online'], range: ['DAIR'] },
    };
  });
  after(() => server.close());

  const caseFor = (route: Route): fc.Arbitrary<Case> => {
    const oauth = route.path.startsWith('/authorizationserver/');
    const queryFields = fieldsObject(QUERY_FIELDS, realistic.query);
    const bodyFields = oauth ? fieldsObject(OAUTH_FIELDS, {}) : fieldsObject(BODY_FIELDS, realistic.body);
    const segments = (route.path.match(/:\w+/g) ?? []).map((name) => pathSegment(realistic.params[name.slice(1)] ?? [Object.keys(PARAM_FIELDS)[0] ?? 'x']));
    const hasBody = route.method !== 'GET';
    const authorization = oauth
      ? fc.constantFrom(basicAuth(), `Basic ${Buffer.from('storefront%zz:x').toString('base64')}`, 'Basic !!!', `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`, '')
      : fc.constantFrom(`Bearer ${realistic.token}`, `Bearer ${realistic.token}`, 'Bearer nope', 'Basic abc', '');
    const headerValue = fc.string({ unit: 'binary-ascii', maxLength: 120 }).map((value) => value.replace(/[^\x20-\x7e]/g, ''));
    return fc
      .record({
        segments: fc.tuple(...segments),
        query: queryString(queryFields),
        body: hasBody ? (oauth ? formBody(bodyFields) : requestBody(bodyFields)) : fc.constant(undefined),
        authorization,
        idempotencyKey: fc.oneof(fc.constant(randomUUID()), headerValue),
        ifMatch: fc.oneof(fc.constantFrom('"1"', 'W/"2"', '*', ''), headerValue),
      })
      .map(({ segments: values, query, body, authorization: auth, idempotencyKey, ifMatch }) => {
        let index = 0;
        const path = route.path.replace(/:\w+/g, () => values[index++] ?? '');
        const headers: Record<string, string> = { 'idempotency-key': idempotencyKey, 'if-match': ifMatch };
        if (auth) headers.authorization = auth;
        if (body?.contentType) headers['content-type'] = body.contentType;
        return { route, method: route.method, url: `${path}?${query}`, headers, body: body?.body };
      });
  };

  const send = async (request: Case) => {
    const response = await fetch(server.url + request.url, { method: request.method, headers: request.headers, body: request.body });
    return { status: response.status, text: await response.text() };
  };

  it(`finds the routes to fuzz in the route table (${RUNS} cases each, seed ${SEED})`, (t) => {
    t.diagnostic(`FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of ['POST /authorizationserver/oauth/token', 'POST /occ/v2/b2b/users/current/carts/:cartId/entries', 'GET /occ/v2/b2b/products/search', 'POST /occ/v2/b2b/logging']) {
      assert.ok(names.includes(expected), `${expected} missing from ${names.join(', ')}`);
    }
  });

  it('answers every generated request of every route below 500, and stays alive', async (t) => {
    const failures: string[] = [];
    let sent = 0;
    for (const [offset, route] of routes.entries()) {
      const started = performance.now();
      const cases = fc.sample(caseFor(route), { numRuns: RUNS, seed: SEED + offset });
      for (let start = 0; start < cases.length; start += PARALLEL) {
        await Promise.all(
          cases.slice(start, start + PARALLEL).map(async (request) => {
            const { status, text } = await send(request);
            sent += 1;
            if (status >= 500) {
              failures.push(`${status} ${request.method} ${request.url.slice(0, 300)} body=${(request.body ?? '').slice(0, 300)} headers=${JSON.stringify(request.headers)} → ${text.slice(0, 200)}`);
            }
          }),
        );
      }
      const live = await fetch(`${server.url}/health/live`);
      assert.equal(live.status, 200, `the server stopped answering after ${route.method} ${route.path}`);
      t.diagnostic(`${route.method} ${route.path}: ${Math.round(performance.now() - started)} ms`);
    }
    t.diagnostic(`${sent} requests over ${routes.length} routes, ${failures.length} answered 5xx (FUZZ_SEED=${SEED})`);
    assert.deepEqual(failures.slice(0, 10), [], `${failures.length} requests answered 5xx; replay with FUZZ_SEED=${SEED}`);
    assert.equal(sent, routes.length * RUNS);
    const ready = await fetch(`${server.url}/health/ready`);
    assert.equal(ready.status, 200);
  });
});
