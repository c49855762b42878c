import type { ClickRow, ClickStats, DayTotal } from './click.js';

/** The longest slug or agent counted: longer is not a product of the catalog. */
const MAX_NAME = 200;

/** Whether a slug or an agent can be counted: 1 to 200 characters, no white space. */
export function isCountable(name: string): boolean {
  return name.length > 0 && name.length <= MAX_NAME && !/\s/.test(name);
}

/** `<slug> <agent>`: the field a click is counted under, in memory, in the file and in Redis. */
export function fieldOf(slug: string, agent: string): string {
  return `${slug} ${agent}`;
}

/** Whether `field` is one {@link fieldOf} writes. */
export function isField(field: string): boolean {
  const space = field.indexOf(' ');
  return space > 0 && isCountable(field.slice(0, space)) && isCountable(field.slice(space + 1));
}

function slugOf(field: string): string {
  return field.slice(0, field.indexOf(' '));
}

/** Clicks per day and field (`<slug> <agent>`). */
export class DayCounts {
  readonly #days = new Map<string, Map<string, number>>();

  /** Adds `clicks` to a field of a day. */
  add(day: string, field: string, clicks = 1): void {
    let fields = this.#days.get(day);
    if (!fields) {
      fields = new Map();
      this.#days.set(day, fields);
    }
    fields.set(field, (fields.get(field) ?? 0) + clicks);
  }

  /** Adds every count of `other`. */
  addAll(other: DayCounts): void {
    for (const [day, fields] of other.days()) {
      for (const [field, clicks] of fields) this.add(day, field, clicks);
    }
  }

  /** Forgets every count. */
  clear(): void {
    this.#days.clear();
  }

  /** Every day with clicks and its fields. */
  days(): IterableIterator<[string, ReadonlyMap<string, number>]> {
    return this.#days.entries();
  }

  /** Drops the days before `oldest`; tells whether any was dropped. */
  prune(oldest: string): boolean {
    let pruned = false;
    for (const day of this.#days.keys()) {
      if (day < oldest) {
        this.#days.delete(day);
        pruned = true;
      }
    }
    return pruned;
  }

  /** Whether no click is counted. */
  get isEmpty(): boolean {
    return this.#days.size === 0;
  }

  /** All clicks counted. */
  get total(): number {
    let total = 0;
    for (const fields of this.#days.values()) for (const clicks of fields.values()) total += clicks;
    return total;
  }

  /** A copy, for a batch that must not change while it is sent. */
  copy(): DayCounts {
    const copy = new DayCounts();
    copy.addAll(this);
    return copy;
  }

  /** Clicks per slug over the days of `window`, agents summed. */
  bySlug(window: readonly string[]): Map<string, number> {
    const counts = new Map<string, number>();
    for (const day of window) {
      const fields = this.#days.get(day);
      if (!fields) continue;
      for (const [field, clicks] of fields) {
        const slug = slugOf(field);
        counts.set(slug, (counts.get(slug) ?? 0) + clicks);
      }
    }
    return counts;
  }

  /** The operator's stats over the days of `window` (oldest first). */
  stats(window: readonly string[]): ClickStats {
    const byField = new Map<string, number>();
    const perDay: DayTotal[] = [];
    for (const day of window) {
      let total = 0;
      for (const [field, clicks] of this.#days.get(day) ?? []) {
        byField.set(field, (byField.get(field) ?? 0) + clicks);
        total += clicks;
      }
      perDay.push({ day, clicks: total });
    }
    const rows: ClickRow[] = [...byField].map(([field, clicks]) => {
      const space = field.indexOf(' ');
      return { slug: field.slice(0, space), agent: field.slice(space + 1), clicks };
    });
    rows.sort(
      (a, b) =>
        b.clicks - a.clicks ||
        (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.agent < b.agent ? -1 : 1),
    );
    return { from: window[0] ?? '', to: window.at(-1) ?? '', rows, perDay };
  }

  /** The counts as plain objects, days in order: `{ "2026-11-26": { "<slug> <agent>": 3 } }`. */
  toJSON(): Record<string, Record<string, number>> {
    const json: Record<string, Record<string, number>> = {};
    for (const day of [...this.#days.keys()].sort()) {
      json[day] = Object.fromEntries(this.#days.get(day)!);
    }
    return json;
  }
}
