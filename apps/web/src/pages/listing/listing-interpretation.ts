import { formatPrice, isCurrency } from '@repo/catalog-core';
import type { QueryInterpretation, TextPrice } from '@repo/search';
import type { Block, Inline } from '../../render/page-model.js';
import type { ListingLink } from './listing-view.js';

const REASONS: Record<string, string> = {
  no_match: 'matches no product',
  relaxed: 'left out so the other words match',
  overridden: 'the price filter wins',
  limit: 'past 10 words',
};

const shown = (price: TextPrice) =>
  isCurrency(price.currency) ? formatPrice(price.amount, price.currency) : `${price.amount}`;

function filtersRead(i: QueryInterpretation): string[] {
  const parts: string[] = [];
  if (i.minPrice && i.maxPrice) parts.push(`${shown(i.minPrice)} to ${shown(i.maxPrice)}`);
  else if (i.minPrice) parts.push(`from ${shown(i.minPrice)}`);
  else if (i.maxPrice) parts.push(`up to ${shown(i.maxPrice)}`);
  if (i.budget) parts.push('cheapest first');
  if (i.sizes.length > 0) parts.push(`size ${i.sizes.join(', ')} not filtered`);
  return parts;
}

/** Whether the words searched differ from the words typed: only then is there anything to say. */
function worthSaying(i: QueryInterpretation, q: string): boolean {
  const typed = q.trim().toLowerCase().split(/\s+/).join(' ');
  return (
    i.searched.join(' ') !== typed ||
    i.expanded.length > 0 ||
    i.corrections.length > 0 ||
    i.relaxed ||
    filtersRead(i).length > 0
  );
}

/**
 * What a listing says about how its text was read: "Showing results for …" with what the words
 * stood for, the prices read and the words left out or corrected, and a link that searches the
 * literal words (`literal=1`); "Did you mean" links when nothing matched; after a literal search,
 * a link back to the read one.
 */
export function interpretationBlocks(
  i: QueryInterpretation | undefined,
  q: string,
  link: ListingLink,
): Block[] {
  if (!i || !q) return [];
  if (i.literal) {
    return [
      {
        kind: 'notice',
        content: [
          `Searched the words exactly as typed. `,
          link({ literal: undefined, page: undefined }, 'Search them as a shopper means them'),
          '.',
        ],
      },
    ];
  }
  const blocks: Block[] = [];
  if (worthSaying(i, q)) {
    const content: Inline[] = ['Showing results for '];
    content.push(i.searched.length > 0 ? { strong: i.searched.join(' ') } : 'every product');
    const read = filtersRead(i);
    if (read.length > 0) content.push(` (${read.join(', ')})`);
    content.push('.');
    for (const { word, means } of i.expanded) content.push(` “${word}” means ${means}.`);
    for (const { from, to } of i.corrections) content.push(` “${from}” corrected to “${to}”.`);
    const left = i.dropped.filter((d) => REASONS[d.reason] !== undefined);
    if (left.length > 0) {
      content.push(
        ` Left out: ${left.map((d) => `“${d.word}” (${REASONS[d.reason]})`).join(', ')}.`,
      );
    }
    content.push(' Search instead for ', link({ literal: '1', page: undefined }, q), '.');
    blocks.push({ kind: 'notice', content });
  }
  if (i.suggestions.length > 0) {
    const content: Inline[] = ['Did you mean '];
    i.suggestions.forEach((suggestion, n) => {
      if (n > 0) content.push(n === i.suggestions.length - 1 ? ' or ' : ', ');
      content.push(link({ q: suggestion, page: undefined, literal: undefined }, suggestion));
    });
    content.push('?');
    blocks.push({ kind: 'paragraph', content });
  }
  return blocks;
}
