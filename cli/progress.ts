/**
 * A progress bar on stderr, only on a terminal and only for runs longer than a second.
 *
 * The bar hides the terminal's cursor while it draws, so whatever ends the run — the end, Ctrl-C,
 * an exit from anywhere — must show it again: on SIGINT the bar stops (cursor back) and the
 * command exits 130, the shell's code for "interrupted".
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

const showCursor = '\x1b[?25h';

export function progressBar(total: number, label: string, enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return { update() {}, stop() {} };
  const started = Date.now();
  let bar: cliProgress.SingleBar | null = null;
  const onExit = () => process.stderr.write(showCursor);
  const onInterrupt = () => {
    stop();
    process.stderr.write('\ninterrupted\n');
    process.exit(130);
  };
  function stop(): void {
    if (!bar) return;
    bar.stop();
    bar = null;
    process.off('SIGINT', onInterrupt);
    process.off('exit', onExit);
  }
  return {
    update(done) {
      if (!bar && Date.now() - started > 1000) {
        bar = new cliProgress.SingleBar({ format: `${label} [{bar}] {value}/{total} {eta}s left`, stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic);
        process.on('SIGINT', onInterrupt);
        process.on('exit', onExit);
        bar.start(total, done);
      }
      bar?.update(done);
    },
    stop,
  };
}
