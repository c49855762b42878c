/** Stable codes of {@link EnvError}. */
export type EnvErrorCode = 'ENV_INVALID';

/** One variable that failed validation, with a message a person can act on. */
export interface EnvIssue {
  readonly variable: string;
  readonly message: string;
}

/**
 * Thrown by {@link parseEnv} when one or more variables are invalid. The message lists every
 * invalid variable by name, so an operator fixes them all in one go.
 */
export class EnvError extends Error {
  override name = 'EnvError';
  readonly code: EnvErrorCode = 'ENV_INVALID';
  readonly issues: readonly EnvIssue[];

  constructor(issues: readonly EnvIssue[]) {
    super(
      `Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`,
    );
    this.issues = issues;
  }
}

/** Tells whether a value is an {@link EnvError}, also across duplicated bundles. */
export function isEnvError(value: unknown): value is EnvError {
  return value instanceof Error && value.name === 'EnvError' && 'issues' in value;
}
