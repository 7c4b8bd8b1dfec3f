/** A progress bar on stderr, only on a terminal and only for runs longer than a second. */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number): void;
  stop(): void;
}

export function progressBar(total: number, label: string, enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return { update() {}, stop() {} };
  const started = Date.now();
  let bar: cliProgress.SingleBar | null = null;
  return {
    update(done) {
      if (!bar && Date.now() - started > 1000) {
        bar = new cliProgress.SingleBar({ format: `${label} [{bar}] {value}/{total} {eta}s left`, stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic);
        bar.start(total, done);
      }
      bar?.update(done);
    },
    stop() {
      bar?.stop();
    },
  };
}
