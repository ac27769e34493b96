/** A word of a tsquery: matched exactly, or as the start of a lexeme when `prefix` (`word:*`). */
export interface QueryWord {
  word: string;
  prefix: boolean;
}

export type QueryNode = { kind: 'word'; operand: QueryWord } | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode };

/**
 * Reads the text form of the tsqueries search builds (`'semi':* & ( 'cheddar' | 'chedda' )`): words,
 * prefixes, AND, OR and parentheses. Anything else (NOT, phrase operators, weight restrictions) comes
 * back as null, for the caller to leave to PostgreSQL.
 */
export function parseTextQuery(text: string): QueryNode | null {
  const parser = new Parser(text);
  try {
    const node = parser.or();
    parser.skipSpaces();
    return parser.atEnd() ? node : null;
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

class Unsupported extends Error {}

class Parser {
  private i = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.i >= this.text.length;
  }

  skipSpaces(): void {
    while (this.text[this.i] === ' ') this.i++;
  }

  private take(token: string): boolean {
    this.skipSpaces();
    if (!this.text.startsWith(token, this.i)) return false;
    this.i += token.length;
    return true;
  }

  or(): QueryNode {
    let left = this.and();
    while (this.take('|')) left = { kind: 'or', left, right: this.and() };
    return left;
  }

  private and(): QueryNode {
    let left = this.unary();
    while (this.take('&')) left = { kind: 'and', left, right: this.unary() };
    this.skipSpaces();
    if (this.text[this.i] === '<') throw new Unsupported();
    return left;
  }

  private unary(): QueryNode {
    if (this.take('!')) throw new Unsupported();
    if (this.take('(')) {
      const inner = this.or();
      if (!this.take(')')) throw new Unsupported();
      return inner;
    }
    return { kind: 'word', operand: this.word() };
  }

  private word(): QueryWord {
    this.skipSpaces();
    if (this.text[this.i] !== "'") throw new Unsupported();
    this.i++;
    let word = '';
    for (;;) {
      const c = this.text[this.i];
      if (c === undefined) throw new Unsupported();
      if (c === '\\') {
        word += this.text[this.i + 1] ?? '';
        this.i += 2;
      } else if (c === "'" && this.text[this.i + 1] === "'") {
        word += "'";
        this.i += 2;
      } else if (c === "'") {
        this.i++;
        break;
      } else {
        word += c;
        this.i++;
      }
    }
    let prefix = false;
    if (this.text[this.i] === ':') {
      this.i++;
      if (this.text[this.i] === '*') {
        prefix = true;
        this.i++;
      }
      // A weight restriction ('word':A) changes what matches; the index does not model it.
      if (/[A-D]/.test(this.text[this.i] ?? '')) throw new Unsupported();
    }
    return { word, prefix };
  }
}

/** The words of a query, in the order they appear. */
export function queryWords(node: QueryNode): QueryWord[] {
  return node.kind === 'word' ? [node.operand] : [...queryWords(node.left), ...queryWords(node.right)];
}
