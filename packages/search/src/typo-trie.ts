/**
 * The dictionary's words in a trie walked once per query word to find its typo derivations,
 * counted as Meilisearch counts them (see `damerau.ts`): optimal-string-alignment distance (a swap
 * of two neighbours is one typo), a different first letter costs two, and the last query word is
 * matched against prefixes of the words (its prefix automaton). Nodes live in flat arrays
 * (first child, next sibling, letter, term), a few bytes each.
 */
export class TypoTrie {
  private firstChild: number[] = [-1];
  private nextSibling: number[] = [-1];
  private letter: number[] = [0];
  private term: number[] = [-1];

  /** Adds a word with the id `visit` reports it by. */
  add(word: string, termId: number): void {
    let node = 0;
    for (const char of word) {
      const code = char.codePointAt(0)!;
      let child = this.firstChild[node]!;
      while (child !== -1 && this.letter[child] !== code) child = this.nextSibling[child]!;
      if (child === -1) {
        child = this.letter.length;
        this.letter.push(code);
        this.term.push(-1);
        this.firstChild.push(-1);
        this.nextSibling.push(this.firstChild[node]!);
        this.firstChild[node] = child;
      }
      node = child;
    }
    this.term[node] = termId;
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
    const query = Array.from(word, (char) => char.codePointAt(0)!);
    const root = query.map((_, j) => j + 1);
    root.unshift(0);
    for (let child = this.firstChild[0]!; child !== -1; child = this.nextSibling[child]!) {
      const same = this.letter[child] === query[0];
      // A different first letter costs two typos: only within reach of one edit otherwise.
      if (!same && allowed < 2) continue;
      const max = same ? allowed : 1;
      const report = same ? visit : (termId: number) => visit(termId, 2);
      this.walk(child, -1, root, undefined, 1, query, max, prefix, query.length, report);
    }
  }

  /**
   * Calls `visit(termId, distance)` for every word within `max` edits of `word` (plain
   * optimal-string-alignment distance, the first letter like any other; exact included): the
   * candidates of a correction or a suggestion.
   */
  near(word: string, max: number, visit: (termId: number, distance: number) => void): void {
    const query = Array.from(word, (char) => char.codePointAt(0)!);
    const root = query.map((_, j) => j + 1);
    root.unshift(0);
    const report = (termId: number, distance: number) => visit(termId, distance);
    for (let child = this.firstChild[0]!; child !== -1; child = this.nextSibling[child]!) {
      this.walk(child, -1, root, undefined, 1, query, max, false, query.length, report, true);
    }
  }

  private walk(
    node: number,
    parentLetter: number,
    previous: readonly number[],
    before: readonly number[] | undefined,
    depth: number,
    query: readonly number[],
    max: number,
    prefix: boolean,
    best: number,
    report: (termId: number, typos: number) => void,
    withExact = false,
  ): void {
    const n = query.length;
    const letter = this.letter[node]!;
    const row = new Array<number>(n + 1);
    row[0] = depth;
    let rowMin = depth;
    for (let j = 1; j <= n; j++) {
      const cost = query[j - 1] === letter ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (before && j > 1 && query[j - 1] === parentLetter && query[j - 2] === letter) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      row[j] = value;
      if (value < rowMin) rowMin = value;
    }
    const closest = Math.min(best, row[n]!);
    const termId = this.term[node]!;
    if (termId !== -1) {
      const distance = prefix ? closest : row[n]!;
      if ((withExact || distance > 0) && distance <= max) report(termId, distance);
    }
    // Past reach, unless a prefix already is within reach (then every longer word is).
    if (rowMin > max && !(prefix && closest <= max)) return;
    for (let child = this.firstChild[node]!; child !== -1; child = this.nextSibling[child]!) {
      this.walk(
        child,
        letter,
        row,
        previous,
        depth + 1,
        query,
        max,
        prefix,
        closest,
        report,
        withExact,
      );
    }
  }
}
