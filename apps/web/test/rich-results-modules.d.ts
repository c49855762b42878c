// The two packages of the rich-results check ship JavaScript only: the little of them the tests use.

declare module '@marbec/web-auto-extractor' {
  /** What a page holds, by syntax: `jsonld` maps each root `@type` to its nodes. */
  export interface ExtractedData {
    readonly jsonld: Record<string, Record<string, unknown>[]>;
    readonly microdata: Record<string, Record<string, unknown>[]>;
    readonly rdfa: Record<string, Record<string, unknown>[]>;
    readonly errors?: readonly { readonly format: string; readonly message: string }[];
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: readonly string[] | boolean });
    parse(html: string): ExtractedData;
  }
}

declare module '@adobe/structured-data-validator' {
  import type { ExtractedData } from '@marbec/web-auto-extractor';
  /** One finding: an `ERROR` makes the item ineligible for a rich result, a `WARNING` does not. */
  export interface ValidationIssue {
    readonly rootType: string;
    readonly issueMessage: string;
    readonly severity: 'ERROR' | 'WARNING';
    readonly fieldNames?: readonly string[];
    readonly path?: readonly { readonly type?: string; readonly property?: string }[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
