import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request inputs generated from the routes' own zod schemas: each field gets values its schema accepts
 * (so a request can get past validation and into the database) and values no schema should let through
 * (wrong types, NUL bytes, very long and unusual unicode strings, nested objects, arrays, bad encodings).
 */
interface SchemaNode {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: SchemaNode[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, SchemaNode>;
}

/** Each field's JSON schema (zod's input side), merged over several zod objects; the first one wins. */
export function fieldsOf(schemas: z.ZodType[]): Record<string, SchemaNode> {
  const fields: Record<string, SchemaNode> = {};
  for (const schema of schemas) {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
    for (const [name, node] of Object.entries(json.properties ?? {})) fields[name] ??= node;
  }
  return fields;
}

/** Percent sequences no decoder accepts, sent raw: truncated, non-hex, overlong and invalid UTF-8. */
export const BAD_ENCODINGS = ['%', '%z', '%zz', '%E0%A4%A', '%C0%AF', '%FF%FE', '%ED%A0%80', '%00', '%u0000', '%%30'];

/** Long strings: past every field's limit, and past the HTTP parser's header limit when in the address. */
const LONG = [101, 501, 1_025, 5_000, 20_000].map((length) => 'x'.repeat(length));

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', 'a\u0000b', '\u0000'.repeat(50), "' or 1=1 --", '../../etc/passwd', '\uD800', '\uDFFF', '\uFEFF', '🧀'.repeat(300), 'Ⅻ', 'ß', '\r\n', ' ') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, 0.5, -0),
  fc.constantFrom('NaN', 'Infinity', '1e400', '0x10', ' 7 ', '-', '1.5', '１２'),
);

/** Values of the wrong shape for any field. */
const wrongShape: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, {}, [], [[]], { $gt: '' }, JSON.parse('{"__proto__":{"polluted":1}}') as unknown),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 4 }),
);

function acceptable(node: SchemaNode): fc.Arbitrary<unknown> {
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.anyOf && node.anyOf.length > 0) return fc.oneof(...node.anyOf.map(acceptable));
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  if (type === 'integer' || type === 'number') {
    const min = node.minimum ?? -1000;
    return fc.integer({ min, max: Math.max(min, node.maximum ?? 1000) });
  }
  if (type === 'string') return fc.string({ minLength: node.minLength ?? 0, maxLength: Math.min(node.maxLength ?? 40, 40) });
  if (type === 'boolean') return fc.boolean();
  if (type === 'object') {
    const entries = Object.entries(node.properties ?? {}).map(([name, child]) => [name, fieldValue(child)] as const);
    return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
  }
  return fc.jsonValue({ maxDepth: 2 });
}

function hostile(node: SchemaNode): fc.Arbitrary<unknown> {
  const edges: fc.Arbitrary<unknown>[] = [hostileString, hostileNumber, wrongShape];
  if (node.maxLength !== undefined) edges.push(fc.constant('y'.repeat(node.maxLength + 1)));
  if (node.maximum !== undefined) edges.push(fc.constantFrom(node.maximum + 1, String(node.maximum + 1)));
  if (node.minimum !== undefined) edges.push(fc.constantFrom(node.minimum - 1, String(node.minimum - 1)));
  return fc.oneof(...edges);
}

export function fieldValue(node: SchemaNode, realistic: readonly unknown[] = []): fc.Arbitrary<unknown> {
  const choices: fc.WeightedArbitrary<unknown>[] = [
    { weight: 2, arbitrary: acceptable(node) },
    { weight: 3, arbitrary: hostile(node) },
  ];
  if (realistic.length > 0) choices.push({ weight: 3, arbitrary: fc.constantFrom(...realistic) });
  return fc.oneof(...choices);
}

/**
 * An object of some of the given fields (a missing required field is one of the cases) and, now and
 * then, a field no schema knows.
 */
export function fieldsObject(fields: Record<string, SchemaNode>, realistic: Record<string, readonly unknown[]>): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.fromEntries(Object.entries(fields).map(([name, node]) => [name, fieldValue(node, realistic[name] ?? [])]));
  return fc
    .tuple(fc.record(known, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 12 }), wrongShape, { maxKeys: 2 }))
    .map(([picked, extra]) => ({ ...extra, ...picked }));
}

/** One query-string pair, as browsers and attackers write them: arrays repeat the key, objects use brackets. */
function encodePair(key: string, value: unknown, raw: string | undefined): string[] {
  const encodedKey = encodeURIComponent(key);
  if (Array.isArray(value)) return value.flatMap((item) => encodePair(key, item, raw));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([sub, item]) => encodePair(`${key}[${sub}]`, item, raw));
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be %-encoded: sent as the bytes of a bad encoding instead.
    encoded = '%ED%A0%80';
  }
  return [`${encodedKey}=${encoded}${raw ?? ''}`];
}

/** A query string of the given object, with a raw bad %-sequence appended to some values. */
export function queryString(fields: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return fc
    .tuple(fields, fc.option(fc.constantFrom(...BAD_ENCODINGS), { freq: 4 }))
    .map(([object, raw]) => Object.entries(object).flatMap(([key, value], index) => encodePair(key, value, index === 0 ? raw ?? undefined : undefined)).join('&'));
}

/** A path segment: a realistic value, a hostile one %-encoded, or a raw bad encoding. */
export function pathSegment(realistic: readonly string[]): fc.Arbitrary<string> {
  const encode = (value: string) => {
    try {
      return encodeURIComponent(value);
    } catch {
      return '%ED%A0%80';
    }
  };
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realistic) },
    { weight: 3, arbitrary: hostileString.map((value) => encode(value).slice(0, 20_000) || '%20') },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...realistic), fc.constantFrom(...BAD_ENCODINGS)).map(([value, bad]) => `${value}${bad}`) },
  );
}

/** A request body: JSON of the fields, other JSON, broken JSON, or the wrong content type. */
export function requestBody(fields: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<{ body: string; contentType: string | undefined }> {
  const json = 'application/json';
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((object) => ({ body: JSON.stringify(object), contentType: json })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ body: JSON.stringify(value), contentType: json })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"product":', 'null', '"text"', '[', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', '['.repeat(10_000), `{"a":"${'x'.repeat(2_000_000)}"}`).map((body) => ({ body, contentType: json })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fields, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', undefined)).map(([object, contentType]) => ({
        body: JSON.stringify(object),
        contentType,
      })),
    },
  );
}

/** A form body (the OAuth endpoints), encoded like a query string, now and then with another content type. */
export function formBody(fields: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<{ body: string; contentType: string | undefined }> {
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/x-www-form-urlencoded') },
    { weight: 1, arbitrary: fc.constantFrom('application/x-www-form-urlencoded; charset=latin1', 'application/json', 'text/plain', undefined) },
  );
  return fc.tuple(queryString(fields), contentType).map(([body, type]) => ({ body, contentType: type }));
}
