/** What a compiled TypeBox validator reports for one failed keyword. */
interface ValidationIssue {
  readonly keyword: string;
  readonly instancePath: string;
  readonly message: string;
  readonly params: unknown;
}

function where(instancePath: string): string {
  return instancePath === '' ? 'arguments' : instancePath.slice(1).replaceAll('/', '.');
}

/**
 * One sentence per failed rule, in words an agent can act on: which argument, what is wrong, and
 * for enums and unknown names what is allowed.
 *
 * @example describeInvalidArguments('search_products', validator.Errors({ limit: 'ten' }))
 * // 'Invalid arguments for search_products: limit must be integer. Fix them and call again; ...'
 */
export function describeInvalidArguments(tool: string, issues: Iterable<ValidationIssue>): string {
  const sentences = new Set<string>();
  for (const issue of issues) {
    const params = (issue.params ?? {}) as {
      additionalProperties?: string[];
      allowedValues?: unknown[];
    };
    // Each unknown property is also reported as "schema is false" under its own path; the
    // additionalProperties issue already names it.
    if (issue.keyword === 'boolean') continue;
    if (issue.keyword === 'additionalProperties') {
      const names = (params.additionalProperties ?? []).join(', ');
      sentences.add(`${where(issue.instancePath)} has unknown properties: ${names}`);
    } else if (issue.keyword === 'enum' && params.allowedValues) {
      sentences.add(
        `${where(issue.instancePath)} must be one of ${params.allowedValues.join(', ')}`,
      );
    } else {
      sentences.add(`${where(issue.instancePath)} ${issue.message}`);
    }
    if (sentences.size >= 5) break;
  }
  return (
    `Invalid arguments for ${tool}: ${[...sentences].join('; ')}. ` +
    'Fix them and call again; the inputSchema in tools/list lists every argument.'
  );
}
