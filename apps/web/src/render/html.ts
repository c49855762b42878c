import { escapeHtml } from './escape.js';

/** A fragment of HTML that is already safe to emit as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What an `html` template accepts between `${}`. */
export type HtmlValue =
  | SafeHtml
  | string
  | number
  | false
  | null
  | undefined
  | readonly HtmlValue[];

function emit(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(emit).join('');
  return escapeHtml(String(value));
}

/**
 * A tagged template that escapes every interpolated value unless it is {@link SafeHtml} (the
 * result of another `html` template, or {@link trusted}); arrays are joined, `null`, `undefined`
 * and `false` print nothing.
 *
 * @example html`<p>${userText}</p>` // escaped
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += emit(values[i] as HtmlValue) + strings[i + 1];
  return new SafeHtml(out);
}

/**
 * Marks HTML the app produced itself (Markdown rendered from its own sources) as safe. Never pass
 * catalog or request text to it.
 */
export function trusted(value: string): SafeHtml {
  return new SafeHtml(value);
}
