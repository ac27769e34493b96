import pg from 'pg';

/**
 * Enough names for every statement the code writes, with room for the catalogue's filter combinations;
 * beyond it a statement runs unnamed as before, so the server's per-connection plan cache stays bounded.
 */
const MAX_NAMED_STATEMENTS = 500;
const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `mv_${names.size}`;
    names.set(text, name);
  }
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
}

const isParameterised = (config: unknown, values: unknown): config is QueryConfigLike & { text: string } => {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name, values: own } = config as QueryConfigLike;
  const params = values ?? own;
  return typeof text === 'string' && name === undefined && Array.isArray(params) && params.length > 0;
};

/**
 * A node-postgres client that names every parameterised statement after its text. The ORM sends the same
 * few statements again and again; named, each connection parses and plans one once and then only binds
 * and executes it, where an unnamed statement is parsed and planned on every call.
 */
export class NamedStatementClient extends pg.Client {}

const unnamedQuery = pg.Client.prototype.query;
NamedStatementClient.prototype.query = function namedQuery(this: pg.Client, config: unknown, ...rest: unknown[]) {
  const name = isParameterised(config, rest[0]) ? statementName(config.text) : undefined;
  const named = name === undefined ? config : { ...(config as object), name };
  return (unnamedQuery as (...args: unknown[]) => unknown).call(this, named, ...rest);
} as typeof unnamedQuery;
