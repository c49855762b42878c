import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { toOpenApiSchema } from '../../src/contracts/openapi-schema.js';
import { SearchProductsOutputSchema } from '../../src/contracts/tools/search-products-contract.js';

describe('toOpenApiSchema', () => {
  it('turns "integer or null" into nullable', () => {
    const schema = toOpenApiSchema(SearchProductsOutputSchema) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(schema.properties.next_offset).toEqual({
      type: 'integer',
      minimum: 0,
      description: 'Offset of the next page, or null on the last page.',
      nullable: true,
    });
    expect(JSON.stringify(schema)).not.toContain('"null"');
  });

  it('turns const into a one-value enum and leaves the input untouched', () => {
    const input = Type.Object({ kind: Type.Literal('x') });
    expect(toOpenApiSchema(input)).toEqual({
      type: 'object',
      required: ['kind'],
      properties: { kind: { type: 'string', enum: ['x'] } },
    });
    expect(JSON.stringify(input)).toContain('"const"');
  });

  it('turns numeric exclusive bounds into the draft-04 boolean form', () => {
    expect(toOpenApiSchema(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 300 }))).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 300,
      exclusiveMaximum: true,
    });
  });
});
