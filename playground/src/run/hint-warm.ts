/**
 * Warming a Hint's helper worker while a person thinks (client.ts warmHint).
 *
 * A fresh worker runs the engine slowly until the browser has compiled its hot paths, which takes
 * a few searches: a helper answering its first Hints took 2–5× as long as a warm one
 * (bench/hint-latency.ts). So each helper searches its share of the Hint at hand a few times
 * before it is asked, and the answers are dropped. One request at a time: a Hint asked for
 * meanwhile waits behind one round at most, and no round starts once it is stopped.
 */

/**
 * Runs `send` (one search of the helper's share, resolved when the helper answers) `rounds`
 * times, one after another, until `stopped()` says a Hint has begun or the helper is gone.
 * Resolves with the rounds run.
 */
export async function warmUp(send: () => Promise<unknown>, rounds: number, stopped: () => boolean): Promise<number> {
  let done = 0;
  while (done < rounds && !stopped()) {
    await send();
    done++;
  }
  return done;
}
