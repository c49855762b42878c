import type { Static, TObject } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { EnvError, type EnvIssue } from './errors.js';

/** An environment: `process.env` at the edge, a plain object in tests. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Validates the variables a schema names (each property is a variable name): empty strings count
 * as unset, defaults apply, numbers and booleans are converted, and every failure is reported at
 * once, by variable name.
 *
 * @throws {EnvError} when any variable is invalid.
 * @example
 * const env = parseEnv(Type.Object({ PORT: Type.Integer({ default: 8080 }) }), process.env);
 */
export function parseEnv<S extends TObject>(schema: S, env: Env): Static<S> {
  const picked: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties)) {
    const raw = env[name];
    if (raw !== undefined && raw.trim() !== '') picked[name] = raw.trim();
  }
  const withDefaults = Value.Default(schema, picked);
  const converted = Value.Convert(schema, withDefaults);
  const checker = Compile(schema);
  if (checker.Check(converted)) return converted as Static<S>;

  const issues = new Map<string, EnvIssue>();
  for (const error of checker.Errors(converted)) {
    const variable =
      error.instancePath.split('/')[1] ?? missingVariable(error.params) ?? '(environment)';
    if (issues.has(variable)) continue;
    const got = picked[variable];
    const message = describe(schema, variable, error.message);
    issues.set(variable, {
      variable,
      message:
        got === undefined ? `${message} (not set)` : `${message} (got ${JSON.stringify(got)})`,
    });
  }
  throw new EnvError([...issues.values()]);
}

function missingVariable(params: unknown): string | undefined {
  const required = (params as { requiredProperties?: unknown[] } | undefined)?.requiredProperties;
  return typeof required?.[0] === 'string' ? required[0] : undefined;
}

// A schema's own description ("an http(s) URL") reads better than the validator's keyword message.
function describe(schema: TObject, variable: string, fallback: string): string {
  const property = schema.properties[variable] as { description?: string } | undefined;
  return property?.description ? `must be ${property.description}` : fallback;
}
