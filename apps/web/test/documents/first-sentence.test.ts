import { TOOL_CONTRACTS } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { firstSentence } from '../../src/documents/first-sentence.js';
import { build } from '../helper.js';

describe('firstSentence', () => {
  it.each([
    ['Search the catalog. Use it often.', 'Search the catalog.'],
    [
      'Ship to a country (ISO 3166-1 alpha-2 code, e.g. US, GB). Give a weight.',
      'Ship to a country (ISO 3166-1 alpha-2 code, e.g. US, GB).',
    ],
    ['Codes follow ISO 3166-1. Others are refused.', 'Codes follow ISO 3166-1.'],
    ['Costs approx. 3.5 USD per kg. Cheap.', 'Costs approx. 3.5 USD per kg.'],
    ['Use a code, i.e. US or DE, here. Then go.', 'Use a code, i.e. US or DE, here.'],
    ['Shipped from the U.S. to anywhere. Fast.', 'Shipped from the U.S. to anywhere.'],
    ['Version 2.0.1 is out. Update.', 'Version 2.0.1 is out.'],
    ['Pass `a.b. C` as is. Done.', 'Pass `a.b. C` as is.'],
    ['Written by J. Smith. Read it.', 'Written by J. Smith.'],
    ['Is it here? Yes.', 'Is it here?'],
    ['see the docs. then go', 'see the docs. then go'],
    ['No end at all', 'No end at all'],
    ['It costs 5. Pay now.', 'It costs 5.'],
  ])('%j → %j', (text, expected) => {
    expect(firstSentence(text)).toBe(expected);
  });
});

describe('/llms.txt tool summaries', () => {
  it('gives every tool a whole first sentence of its description, cut by no abbreviation', async () => {
    const app = await build();
    const body = (await app.inject('/llms.txt')).body;
    for (const tool of TOOL_CONTRACTS) {
      const summary = new RegExp(`^- ${tool.name}: (.*)$`, 'm').exec(body)?.[1] ?? '';
      expect(tool.description.startsWith(summary), tool.name).toBe(true);
      expect(summary, tool.name).toMatch(/[.!?]$/);
      // Whole: brackets closed, and the description goes on with a new sentence (or ends).
      for (const [open, close] of ['()', '[]', '{}']) {
        expect(summary.split(open!).length, `${tool.name} ${open}`).toBe(
          summary.split(close!).length,
        );
      }
      expect(tool.description.slice(summary.length), tool.name).toMatch(/^($|\s+[A-Z`"(])/);
      expect(summary, tool.name).not.toMatch(/\b(e\.g|i\.e|etc|approx|vs|cf)\.$/i);
    }
    // The one the report saw cut at "e.g.".
    expect(body).toContain('(ISO 3166-1 alpha-2 code, e.g. US, GB, DE).');
  });
});
