/**
 * A mistake in how the command was called or in what it was given (a bad option value, a path
 * that cannot be written): printed as one plain message, never a stack trace, exit 2.
 * `showUsage` adds the usage text where it helps (a misspelt option), not where it is noise.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}
