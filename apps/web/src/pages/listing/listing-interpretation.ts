import { isCurrency } from '@repo/catalog-core';
import type { QueryInterpretation, TextPrice } from '@repo/search';
import type { Locale } from '../../i18n/locale.js';
import type { Block, Inline } from '../../render/page-model.js';
import type { PageContext } from '../page-context.js';
import type { ListingLink } from './listing-view.js';

function filtersRead(locale: Locale, i: QueryInterpretation): string[] {
  const { m } = locale;
  const shown = (price: TextPrice) =>
    isCurrency(price.currency) ? locale.money(price.amount, price.currency) : `${price.amount}`;
  const parts: string[] = [];
  if (i.minPrice && i.maxPrice) {
    parts.push(
      locale.t(m.interpretation.between, { min: shown(i.minPrice), max: shown(i.maxPrice) }),
    );
  } else if (i.minPrice) parts.push(locale.t(m.interpretation.from, { min: shown(i.minPrice) }));
  else if (i.maxPrice) parts.push(locale.t(m.interpretation.upTo, { max: shown(i.maxPrice) }));
  if (i.budget) parts.push(m.interpretation.cheapestFirst);
  if (i.sizes.length > 0) {
    parts.push(locale.t(m.interpretation.sizeNotFiltered, { sizes: i.sizes.join(', ') }));
  }
  return parts;
}

/** Whether the words searched differ from the words typed: only then is there anything to say. */
function worthSaying(locale: Locale, i: QueryInterpretation, q: string): boolean {
  const typed = q.trim().toLowerCase().split(/\s+/).join(' ');
  return (
    i.searched.join(' ') !== typed ||
    i.expanded.length > 0 ||
    i.corrections.length > 0 ||
    i.relaxed ||
    filtersRead(locale, i).length > 0
  );
}

/**
 * What a listing says about how its text was read: "Showing results for …" with what the words
 * stood for, the prices read and the words left out or corrected, and a link that searches the
 * literal words (`literal=1`); "Did you mean" links when nothing matched; after a literal search,
 * a link back to the read one.
 */
export function interpretationBlocks(
  ctx: Pick<PageContext, 'locale'>,
  i: QueryInterpretation | undefined,
  q: string,
  link: ListingLink,
): Block[] {
  if (!i || !q) return [];
  const { locale } = ctx;
  const t = locale.m.interpretation;
  if (i.literal) {
    return [
      {
        kind: 'notice',
        line: true,
        content: [t.literal, link({ literal: undefined, page: undefined }, t.asMeant), '.'],
      },
    ];
  }
  const blocks: Block[] = [];
  if (worthSaying(locale, i, q)) {
    const content: Inline[] = [t.showing];
    content.push(i.searched.length > 0 ? { strong: i.searched.join(' ') } : t.everyProduct);
    const read = filtersRead(locale, i);
    if (read.length > 0) content.push(` (${read.join(', ')})`);
    content.push('.');
    for (const { word, means, category } of i.expanded) {
      content.push(
        category
          ? locale.t(t.meansCategory, { word, category: locale.category(category).name })
          : locale.t(t.means, { word, means }),
      );
    }
    for (const { from, to } of i.corrections) content.push(locale.t(t.corrected, { from, to }));
    const reasons: Readonly<Record<string, string>> = t.reasons;
    const left = i.dropped.filter((d) => reasons[d.reason] !== undefined);
    if (left.length > 0) {
      const words = left.map((d) =>
        locale.t(t.leftOutWord, { word: d.word, reason: reasons[d.reason] ?? '' }),
      );
      content.push(locale.t(t.leftOut, { words: words.join(', ') }));
    }
    content.push(t.instead, link({ literal: '1', page: undefined }, q), '.');
    blocks.push({ kind: 'notice', line: true, content });
  }
  if (i.suggestions.length > 0) {
    const content: Inline[] = [t.didYouMean];
    i.suggestions.forEach((suggestion, n) => {
      if (n > 0) content.push(n === i.suggestions.length - 1 ? t.or : ', ');
      content.push(link({ q: suggestion, page: undefined, literal: undefined }, suggestion));
    });
    content.push('?');
    blocks.push({ kind: 'paragraph', content });
  }
  return blocks;
}
