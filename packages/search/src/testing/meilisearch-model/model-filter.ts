// The filter expressions of Meilisearch's search API, as far as a model needs them: comparisons
// (`=`, `!=`, `>`, `>=`, `<`, `<=`), `TO` ranges, `IN [..]`, `EXISTS`, `NOT`, `AND`, `OR` and
// parentheses, with double-quoted values (`\` escapes). Source: meilisearch.com/docs, "Filter
// expression reference"; milli `filter-parser`.

/** A parsed filter: tells whether a document passes. */
export type FilterPredicate = (document: Record<string, unknown>) => boolean;

/** A filter that does not parse or names an attribute that is not filterable. */
export class ModelFilterError extends Error {
  override name = 'ModelFilterError';
}

const TOKEN =
  /\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\(|\)|\[|\]|,|!=|>=|<=|=|>|<|[^\s()[\],=!<>]+)/y;

function lex(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match) {
      if (text.slice(start).trim() === '') break;
      throw new ModelFilterError(`unexpected text at ${start}: ${text.slice(start)}`);
    }
    tokens.push(match[1]!);
  }
  return tokens;
}

const unquote = (token: string) =>
  /^["']/.test(token) ? token.slice(1, -1).replace(/\\(.)/g, '$1') : token;

function values(document: Record<string, unknown>, attribute: string): unknown[] {
  const value = document[attribute];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function compare(actual: unknown, op: string, wanted: string): boolean {
  const number = Number(wanted);
  if (op === '=' || op === '!=') {
    const equal =
      typeof actual === 'number'
        ? actual === number
        : String(actual).toLowerCase() === wanted.toLowerCase();
    return op === '=' ? equal : !equal;
  }
  if (typeof actual !== 'number' || Number.isNaN(number)) return false;
  if (op === '>') return actual > number;
  if (op === '>=') return actual >= number;
  if (op === '<') return actual < number;
  return actual <= number;
}

/**
 * Parses a filter expression against the filterable attributes.
 *
 * @throws {ModelFilterError} for a syntax error or an attribute that is not filterable.
 */
export function parseModelFilter(text: string, filterable: readonly string[]): FilterPredicate {
  const tokens = lex(text);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at++];
    if (token === undefined) throw new ModelFilterError('filter ends too early');
    return token;
  };
  const attributeOf = (token: string) => {
    const name = unquote(token);
    if (!filterable.includes(name)) {
      throw new ModelFilterError(`attribute \`${name}\` is not filterable`);
    }
    return name;
  };
  const primary = (): FilterPredicate => {
    const token = next();
    if (token === '(') {
      const inner = or();
      if (next() !== ')') throw new ModelFilterError('expected )');
      return inner;
    }
    if (token.toUpperCase() === 'NOT') {
      const inner = primary();
      return (doc) => !inner(doc);
    }
    const attribute = attributeOf(token);
    const op = next();
    if (op.toUpperCase() === 'EXISTS') return (doc) => values(doc, attribute).length > 0;
    if (op.toUpperCase() === 'IN') {
      if (next() !== '[') throw new ModelFilterError('expected [');
      const list: string[] = [];
      for (let token = next(); token !== ']'; token = next()) {
        if (token !== ',') list.push(unquote(token));
      }
      // A popular search names up to a thousand slugs: one lookup per value, not one per pair.
      const strings = new Set(list.map((w) => w.toLowerCase()));
      const numbers = new Set(list.map(Number).filter((n) => !Number.isNaN(n)));
      return (doc) =>
        values(doc, attribute).some((v) =>
          typeof v === 'number' ? numbers.has(v) : strings.has(String(v).toLowerCase()),
        );
    }
    if (['=', '!=', '>', '>=', '<', '<='].includes(op)) {
      const wanted = unquote(next());
      if (op === '!=') return (doc) => !values(doc, attribute).some((v) => compare(v, '=', wanted));
      return (doc) => values(doc, attribute).some((v) => compare(v, op, wanted));
    }
    // `attribute low TO high`
    const low = unquote(op);
    if (next().toUpperCase() !== 'TO') throw new ModelFilterError(`unknown operator ${op}`);
    const high = unquote(next());
    return (doc) =>
      values(doc, attribute).some((v) => compare(v, '>=', low) && compare(v, '<=', high));
  };
  const and = (): FilterPredicate => {
    let left = primary();
    while (peek()?.toUpperCase() === 'AND') {
      at++;
      const right = primary();
      const before = left;
      left = (doc) => before(doc) && right(doc);
    }
    return left;
  };
  const or = (): FilterPredicate => {
    let left = and();
    while (peek()?.toUpperCase() === 'OR') {
      at++;
      const right = and();
      const before = left;
      left = (doc) => before(doc) || right(doc);
    }
    return left;
  };
  const predicate = or();
  if (at !== tokens.length) throw new ModelFilterError(`unexpected ${tokens[at]}`);
  return predicate;
}
