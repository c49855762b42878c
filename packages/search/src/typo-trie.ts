/** A {@link TypoTrie} as typed arrays (see `toArrays`). */
export interface TrieArrays {
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
  readonly letter: Int32Array;
  readonly term: Int32Array;
  /** The length of the longest word, in code points. */
  readonly deepest: number;
}

/**
 * The dictionary's words in a trie walked once per query word to find its typo derivations,
 * counted as Meilisearch counts them (see `typoCost` of @repo/catalog-core): optimal-string-
 * alignment distance (a swap of two neighbours is one typo), a different first letter costs two, and the last query word is
 * matched against prefixes of the words (its prefix automaton). Nodes live in flat arrays
 * (first child, next sibling, letter, term), a few bytes each; a walk computes its distance rows
 * in one preallocated matrix, one row per depth, so it allocates nothing per node.
 */
export class TypoTrie {
  private firstChild: number[] | Int32Array = [-1];
  private nextSibling: number[] | Int32Array = [-1];
  private letter: number[] | Int32Array = [0];
  private term: number[] | Int32Array = [-1];
  private deepest = 0;
  // Walk state, sized for the longest query word and the deepest word seen so far.
  private rows = new Uint16Array(0);
  private path = new Int32Array(0);
  private query = new Int32Array(0);
  private width = 0;

  /** A trie from the arrays {@link toArrays} gave (no copy): words cannot be added to it. */
  static fromArrays(arrays: TrieArrays): TypoTrie {
    const trie = new TypoTrie();
    trie.firstChild = arrays.firstChild;
    trie.nextSibling = arrays.nextSibling;
    trie.letter = arrays.letter;
    trie.term = arrays.term;
    trie.deepest = arrays.deepest;
    return trie;
  }

  /** The trie as four typed arrays, to keep in a prepared index or hand to another thread. */
  toArrays(): TrieArrays {
    return {
      firstChild: Int32Array.from(this.firstChild),
      nextSibling: Int32Array.from(this.nextSibling),
      letter: Int32Array.from(this.letter),
      term: Int32Array.from(this.term),
      deepest: this.deepest,
    };
  }

  /** The id of `word` when it is one of the words, else -1. */
  find(word: string): number {
    const node = this.nodeOf(word);
    return node === -1 ? -1 : this.term[node]!;
  }

  /** Calls `visit(termId)` for every word that starts with `prefix` (itself included). */
  withPrefix(prefix: string, visit: (termId: number) => void): void {
    const node = this.nodeOf(prefix);
    if (node === -1) return;
    const stack = [node];
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (this.term[at] !== -1) visit(this.term[at]!);
      for (let child = this.firstChild[at]!; child !== -1; child = this.nextSibling[child]!) {
        stack.push(child);
      }
    }
  }

  private nodeOf(word: string): number {
    let node = 0;
    for (const char of word) {
      const code = char.codePointAt(0)!;
      let child = this.firstChild[node]!;
      while (child !== -1 && this.letter[child] !== code) child = this.nextSibling[child]!;
      if (child === -1) return -1;
      node = child;
    }
    return node;
  }

  /** Adds a word with the id `visit` reports it by. */
  add(word: string, termId: number): void {
    if (!Array.isArray(this.letter)) throw new Error('a trie read from arrays is not added to');
    const firstChild = this.firstChild as number[];
    const nextSibling = this.nextSibling as number[];
    const letters = this.letter as number[];
    const terms = this.term as number[];
    let node = 0;
    let depth = 0;
    for (const char of word) {
      const code = char.codePointAt(0)!;
      let child = firstChild[node]!;
      while (child !== -1 && letters[child] !== code) child = nextSibling[child]!;
      if (child === -1) {
        child = letters.length;
        letters.push(code);
        terms.push(-1);
        firstChild.push(-1);
        nextSibling.push(firstChild[node]!);
        firstChild[node] = child;
      }
      node = child;
      depth++;
    }
    terms[node] = termId;
    if (depth > this.deepest) this.deepest = depth;
  }

  /**
   * Calls `visit(termId, typos)` for every word `word` reaches with 1 to `allowed` typos (words it
   * matches exactly, or as a prefix, are left to the exact and prefix lookups). With `prefix`,
   * a word counts when one of its prefixes is within reach.
   */
  typos(
    word: string,
    allowed: number,
    prefix: boolean,
    visit: (termId: number, typos: number) => void,
  ): void {
    if (allowed <= 0) return;
    const first = this.start(word);
    for (let child = this.firstChild[0]!; child !== -1; child = this.nextSibling[child]!) {
      const same = this.letter[child] === first;
      // A different first letter costs two typos: only within reach of one edit otherwise.
      if (!same && allowed < 2) continue;
      this.walk(child, 1, same ? allowed : 1, prefix, this.width - 1, same ? 0 : 2, false, visit);
    }
  }

  /**
   * Calls `visit(termId, distance)` for every word within `max` edits of `word` (plain
   * optimal-string-alignment distance, the first letter like any other; exact included): the
   * candidates of a correction or a suggestion.
   */
  near(word: string, max: number, visit: (termId: number, distance: number) => void): void {
    this.start(word);
    for (let child = this.firstChild[0]!; child !== -1; child = this.nextSibling[child]!) {
      this.walk(child, 1, max, false, this.width - 1, 0, true, visit);
    }
  }

  /** Prepares the walk state for a query word; returns its first letter. */
  private start(word: string): number {
    const codes = Array.from(word, (char) => char.codePointAt(0)!);
    const n = codes.length;
    this.width = n + 1;
    if (this.query.length < n) this.query = new Int32Array(n * 2);
    this.query.set(codes);
    const size = (this.deepest + 2) * this.width;
    if (this.rows.length < size) this.rows = new Uint16Array(size * 2);
    if (this.path.length < this.deepest + 2) this.path = new Int32Array(this.deepest + 2);
    // Row 0: the empty word against each prefix of the query.
    for (let j = 0; j < this.width; j++) this.rows[j] = j;
    return codes[0] ?? -1;
  }

  /**
   * Fills the row of `node` at `depth` and goes down while within reach. `best` is the closest a
   * prefix of this path came to the whole query (prefix mode); `fixed`, when not 0, is the cost
   * every word of this branch is reported with (a different first letter).
   */
  private walk(
    node: number,
    depth: number,
    max: number,
    prefix: boolean,
    best: number,
    fixed: number,
    withExact: boolean,
    visit: (termId: number, typos: number) => void,
  ): void {
    const { rows, query, path, width } = this;
    const n = width - 1;
    const letter = this.letter[node]!;
    path[depth] = letter;
    const row = depth * width;
    const above = row - width;
    const twoAbove = above - width;
    const parentLetter = depth >= 2 ? path[depth - 1]! : -1;
    let rowMin = depth;
    rows[row] = depth;
    for (let j = 1; j <= n; j++) {
      const cost = query[j - 1] === letter ? 0 : 1;
      let value = Math.min(
        rows[above + j]! + 1,
        rows[row + j - 1]! + 1,
        rows[above + j - 1]! + cost,
      );
      if (depth >= 2 && j > 1 && query[j - 1] === parentLetter && query[j - 2] === letter) {
        value = Math.min(value, rows[twoAbove + j - 2]! + 1);
      }
      rows[row + j] = value;
      if (value < rowMin) rowMin = value;
    }
    const full = rows[row + n]!;
    const closest = Math.min(full, best);
    const termId = this.term[node]!;
    if (termId !== -1) {
      const distance = prefix ? closest : full;
      if ((withExact || distance > 0) && distance <= max) visit(termId, fixed || distance);
    }
    // Past reach, unless a prefix already is within reach (then every longer word is).
    if (rowMin > max && !(prefix && closest <= max)) return;
    for (let child = this.firstChild[node]!; child !== -1; child = this.nextSibling[child]!) {
      this.walk(child, depth + 1, max, prefix, closest, fixed, withExact, visit);
    }
  }
}
