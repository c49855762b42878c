// How `/mcp` writes JSON. Two choices, both for speed and neither visible once parsed:
// - ASCII only: every non-ASCII character is a `\uXXXX` escape (RFC 8259 section 7). Any client
//   turns ASCII bytes into a string as fast as a copy; one `¥` in a 16 KB search result makes
//   UTF-8 decoding in a JavaScript client about ten times slower.
// - Parts that never change (a product as results show it) are serialised once and copied into
//   every result that contains them; only the few fields around them are serialised per call.

// Any non-ASCII UTF-16 code unit; a character outside the BMP becomes its two escaped surrogates,
// which is how JSON spells it.
const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;
const escapeUnit = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON text with every non-ASCII character escaped; the same value once parsed. */
export function asciiJson(json: string): string {
  return NON_ASCII.test(json) ? json.replace(NON_ASCII_ALL, escapeUnit) : json;
}

/**
 * A value {@link encodeJson} writes as the JSON text it holds, unchanged (what `JSON.rawJSON`
 * does in newer engines).
 */
export class RawJson {
  /** `json`: ASCII-only JSON text. */
  constructor(readonly json: string) {}
}

// `text` as it reads inside a JSON string, ASCII only, without the quotes.
const jsonStringPiece = (text: string) => asciiJson(JSON.stringify(text)).slice(1, -1);

/** A line that never changes, kept with its escaped form: {@link jsonLines} copies that. */
export class EscapedLine {
  readonly json: string;
  constructor(readonly text: string) {
    this.json = jsonStringPiece(text);
  }
}

/**
 * Lines joined with `\n`, as one JSON string. Escaping costs about as much per character as the
 * rest of a search answer's text put together (7 µs for 2.5 KB), so lines that recur (a product's
 * line in a result list) are escaped once, as {@link EscapedLine}s, and only the others per call.
 */
export function jsonLines(lines: readonly (string | { readonly text: string })[]): RawJson {
  const pieces = lines.map((line) =>
    line instanceof EscapedLine
      ? line.json
      : jsonStringPiece(typeof line === 'string' ? line : line.text),
  );
  return new RawJson(`"${pieces.join('\\n')}"`);
}

// A frozen value's bytes are kept on the value itself, under a key that neither `JSON.stringify`,
// `Object.keys` nor a spread sees. A WeakMap would do, but each of its entries is an ephemeron,
// which the garbage collector marks in its final pause: with thousands of products shown, that
// pause grew by up to 11 ms, every request in flight waiting on it.
const FROZEN = Symbol('frozen JSON');
type Frozen = { [FROZEN]?: Buffer };

/**
 * Promises that `value` never changes again and keeps its encoding: every later
 * {@link encodeJson} of a value that contains it copies those bytes instead of serialising it.
 * `value` is plain JSON data (no {@link RawJson} inside): it is serialised with `JSON.stringify`,
 * four times as fast as {@link encodeJson}'s walk, which only pays where frozen parts are copied.
 * `value` is extensible (not `Object.freeze`d): its bytes are kept on it.
 */
export function freezeJson<T extends object>(value: T): T {
  const json = asciiJson(JSON.stringify(value));
  // Its own exact-size memory: a small Buffer is a slice of a shared 8 KB pool, and a kept slice
  // would keep the whole pool, with whatever short-lived bytes shared it, alive as long.
  const own = Buffer.allocUnsafeSlow(json.length);
  own.write(json, 0, 'latin1');
  Object.defineProperty(value, FROZEN, { value: own });
  return value;
}

/**
 * `JSON.stringify(value)` as bytes, for plain JSON data (objects, arrays, strings, finite
 * numbers, booleans, null; `undefined` fields are left out): ASCII only, frozen parts copied.
 */
export function encodeJson(value: unknown): Buffer {
  const parts: (string | Buffer)[] = [];
  parts.push(write(value, '', parts));
  // One Buffer of the exact size: every string part is ASCII, one byte per character.
  let size = 0;
  for (const part of parts) size += part.length;
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) {
    if (typeof part === 'string') at += bytes.write(part, at, 'latin1');
    else at += part.copy(bytes, at);
  }
  return bytes;
}

// Field names come from a few schemas: each one's JSON is made once (up to KEYS_KEPT, so that a
// result that echoes a client's own keys cannot grow the map).
const KEYS = new Map<string, string>();
const KEYS_KEPT = 1_024;
function keyJson(key: string): string {
  let json = KEYS.get(key);
  if (json === undefined) {
    json = asciiJson(JSON.stringify(key));
    if (KEYS.size < KEYS_KEPT) KEYS.set(key, json);
  }
  return json;
}

// Appends the JSON of `value` to `text` and returns it; a frozen part moves the text so far and
// its own bytes to `parts` and the text starts again empty.
function write(value: unknown, text: string, parts: (string | Buffer)[]): string {
  if (value === null || typeof value !== 'object') {
    // Only a string's JSON can hold what is not ASCII.
    return (
      text +
      (typeof value === 'string'
        ? asciiJson(JSON.stringify(value))
        : (JSON.stringify(value) ?? 'null'))
    );
  }
  if (value instanceof RawJson) return text + value.json;
  const known = (value as Frozen)[FROZEN];
  if (known !== undefined) {
    parts.push(text, known);
    return '';
  }
  let out = text;
  if (Array.isArray(value)) {
    out += '[';
    for (let i = 0; i < value.length; i++) out = write(value[i], i === 0 ? out : `${out},`, parts);
    return `${out}]`;
  }
  out += '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    out = write(field, `${out}${first ? '' : ','}${keyJson(key)}:`, parts);
    first = false;
  }
  return `${out}}`;
}
