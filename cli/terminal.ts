/**
 * The command's manners in a shell pipeline: when the reader of its output goes away
 * (`grimoire build trump | head`), it stops quietly, as Unix tools do, instead of printing
 * Node's EPIPE stack trace.
 */
export function quietOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}
