import { TOOL_CONTRACTS } from '@repo/catalog-core';
import { describe, expect, it } from 'vitest';
import { compactOutputSchema } from '../../src/tools/compact-schema.js';

const roundTrip = (schema: unknown) => JSON.parse(JSON.stringify(schema));

describe('compactOutputSchema', () => {
  it('keeps the shape: types, properties, required fields, items, enums, anyOf, formats', () => {
    const schema = {
      type: 'object',
      description: 'the result',
      required: ['items'],
      additionalProperties: false,
      properties: {
        items: {
          type: 'array',
          maxItems: 50,
          description: 'a page',
          items: {
            type: 'object',
            properties: {
              url: { type: 'string', format: 'uri', maxLength: 2000 },
              kind: { enum: ['a', 'b'], type: 'string' },
              next: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] },
              // Field names are not keywords: these stay.
              description: { type: 'string', minLength: 1 },
              pattern: { type: 'string', pattern: '^x$' },
            },
          },
        },
      },
    };
    expect(compactOutputSchema(schema)).toEqual({
      type: 'object',
      description: 'the result',
      required: ['items'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              url: { type: 'string', format: 'uri' },
              kind: { enum: ['a', 'b'], type: 'string' },
              next: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
              description: { type: 'string' },
              pattern: { type: 'string' },
            },
          },
        },
      },
    });
  });

  it("makes every tool's output schema at least a fifth smaller", () => {
    for (const contract of TOOL_CONTRACTS) {
      const full = JSON.stringify(roundTrip(contract.outputSchema));
      const compact = JSON.stringify(compactOutputSchema(roundTrip(contract.outputSchema)));
      expect(compact.length, contract.name).toBeLessThan(full.length * 0.8);
    }
  });
});
