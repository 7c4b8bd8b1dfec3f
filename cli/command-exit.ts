/**
 * A command that has already said why it stops (its diagnostics printed) and ends with this exit
 * code. Thrown rather than calling process.exit, so that whoever ran the command sets the code:
 * the process's entry (cli/main.ts), or a test running commands in its own process
 * (test/grimoire-in-process.ts), which process.exit would end.
 */
export class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
