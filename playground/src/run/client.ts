/**
 * The page's end of the run worker: sends requests, matches replies by id, and cancels by
 * terminating the worker and starting a fresh one (a run is synchronous inside the worker, so
 * terminating is the only way to stop a runaway game). A watchdog reports a run that has not
 * answered after a few seconds, so the page can say "still running…" and offer Cancel.
 */
import RunWorker from '../worker/run.worker.ts?worker';
import { language, t } from '../../../i18n/format.ts';
import { SEARCH_SHARES, sharesOf } from '../../../runtime/agents/root-parallel.ts';
import { hintFromShares } from '../worker/hint-merge.ts';
import { HintWarmer, rulesKey, warmBudget } from './hint-warm.ts';
import type { BalanceProgress, BalanceReply, BoardsReply, CasebookProgress, CasebookReport, HintReport, HintSharesReport, FacesReply, MatchAnswered, MatchReport, MatchThinking, ReadingsProgress, ReadingsReply, RunCrash, RunReply, RunReport, RunRequest, TuneProgress, TuneReply } from '../worker/run-protocol.ts';

/** What the worker says while a long run goes on. */
type Progress = CasebookProgress | MatchThinking | MatchAnswered | BalanceProgress | ReadingsProgress | TuneProgress;

/** A run that has not answered after this long is reported as slow. */
export const SLOW_RUN_MS = 4000;

export interface Cancelled {
  type: 'cancelled';
}

/** A request without its id (the client numbers them). */
type Body<T extends RunRequest['type']> = T extends RunRequest['type'] ? Omit<Extract<RunRequest, { type: T }>, 'id'> : never;

export class RunClient {
  private worker: Worker;
  /** Helper run workers for a Hint's shares, made at the first Hint or warm-up (hintWorkers). */
  private helpers: Worker[] = [];
  /** Readies the helpers while a person thinks (warmHint); stopped by any other request. */
  private readonly warmer = new HintWarmer<Worker>();
  private nextId = 1;
  private pending = new Map<number, (r: RunReply | Cancelled) => void>();
  /** The worker each pending request went to: a worker that fails fails its own requests only. */
  private owner = new Map<number, Worker>();
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  /** The ids of the runs (not board requests) the worker has not answered yet. */
  private runs = new Set<number>();
  /** Progress listeners of the casebook runs, games with seats and Hints in the worker, by request id. */
  private progress = new Map<number, (p: Progress) => void>();

  /** `onSlow` is called when a run (not a board request) has not answered after SLOW_RUN_MS. */
  constructor(private readonly onSlow: () => void) {
    this.worker = this.startWorker();
  }

  private startWorker(): Worker {
    const w = new RunWorker({ name: language() }); // the worker speaks the page's language (worker/language.ts)
    w.onmessage = (ev: MessageEvent<RunReply>) => {
      const r = ev.data;
      if (r.type === 'progress' || r.type === 'thinking' || r.type === 'answered' || r.type === 'balance-progress' || r.type === 'readings-progress' || r.type === 'tune-progress') this.progress.get(r.id)?.(r);
      else this.settle(r.id, r);
    };
    w.onerror = (ev) => {
      ev.preventDefault();
      // The worker itself failed (it could not load, or threw outside a request): every request
      // pending in it fails with the reason, in words.
      for (const [id, to] of [...this.owner]) if (to === w) this.settle(id, { type: 'crashed', id, message: ev.message || t('pg.worker.run-stopped') });
    };
    return w;
  }

  private settle(id: number, reply: RunReply | Cancelled): void {
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    this.owner.delete(id);
    this.progress.delete(id);
    if (this.runs.delete(id) && this.runs.size === 0 && this.watchdog !== null) {
      clearTimeout(this.watchdog);
      this.watchdog = null;
    }
    resolve(reply);
  }

  /** Sends request `id` to worker `w`; its reply goes to `resolve`. */
  private send(w: Worker, req: RunRequest, resolve: (r: RunReply | Cancelled) => void): void {
    this.pending.set(req.id, resolve);
    this.owner.set(req.id, w);
    w.postMessage(req);
  }

  /** True while a run (a scenario, a game or a casebook; not a board) is in the worker. */
  get running(): boolean {
    return this.runs.size > 0;
  }

  /** Runs a scenario or a game; resolves with the report, a crash, or `cancelled`. */
  run(body: Body<'scenario'> | Body<'game'>): { id: number; reply: Promise<RunReport | RunCrash | Cancelled> } {
    const id = this.nextId++;
    this.warmer.stop();
    const reply = new Promise<RunReport | RunCrash | Cancelled>((resolve) => this.send(this.worker, { ...body, id } as RunRequest, resolve as (r: RunReply | Cancelled) => void));
    this.runs.add(id);
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      if (this.pending.has(id)) this.onSlow();
    }, SLOW_RUN_MS);
    return { id, reply };
  }

  /**
   * Runs every scenario of the game (and, when asked, under the original files too); `onProgress`
   * hears after each ruling. No "still running" watchdog: the progress shows it is alive.
   */
  casebook(body: Body<'casebook'>, onProgress: (p: CasebookProgress) => void): { id: number; reply: Promise<CasebookReport | RunCrash | Cancelled> } {
    const id = this.nextId++;
    this.warmer.stop();
    this.runs.add(id);
    this.progress.set(id, onProgress as (p: Progress) => void);
    const reply = new Promise<CasebookReport | RunCrash | Cancelled>((resolve) => this.send(this.worker, { ...body, id } as RunRequest, resolve as (r: RunReply | Cancelled) => void));
    return { id, reply };
  }

  /**
   * Plays a game with seats on (match.ts): `onProgress` hears the agents think and answer. No
   * watchdog: thinking can take long, and the progress shows it is alive.
   */
  match(body: Body<'match'>, onProgress: (p: MatchThinking | MatchAnswered) => void): { id: number; reply: Promise<MatchReport | RunCrash | Cancelled> } {
    return this.tracked(body, onProgress as (p: Progress) => void);
  }

  /**
   * A Hint: MCTS for the decision at hand; `onProgress` hears its iterations. With more than one
   * core, its shares (runtime/agents/root-parallel.ts) run in the run worker and in helper run
   * workers at once, and their statistics are added up here: the same answer as in one worker.
   */
  hint(body: Body<'hint'>, onProgress: (p: MatchThinking) => void): { id: number; reply: Promise<HintReport | RunCrash | Cancelled> } {
    const workers = this.hintWorkers();
    if (workers.length === 1) return this.tracked(body, onProgress as (p: Progress) => void);
    // No warm-up round starts now: the Hint's own search warms the helpers as a round would.
    this.warmer.stop();
    const id = this.nextId++;
    const t0 = performance.now();
    const done = new Map<number, number>();
    const parts = workers.map((w, k) => {
      const sub = this.nextId++;
      this.runs.add(sub);
      this.progress.set(sub, (p) => {
        if (p.type !== 'thinking') return;
        done.set(sub, p.done);
        onProgress({ ...p, id, done: [...done.values()].reduce((a, b) => a + b, 0), total: body.budget });
      });
      return new Promise<RunReply | Cancelled>((resolve) => this.send(w, { ...body, type: 'hint-shares', shares: sharesOf(k, workers.length), id: sub } as RunRequest, resolve));
    });
    const reply = Promise.all(parts).then((replies): HintReport | RunCrash | Cancelled => {
      const stopped = replies.find((r) => r.type === 'cancelled' || r.type === 'crashed');
      if (stopped) return stopped.type === 'crashed' ? { ...(stopped as RunCrash), id } : (stopped as Cancelled);
      return hintFromShares(id, replies as HintSharesReport[], performance.now() - t0);
    });
    return { id, reply };
  }

  /**
   * Readies the Hint's workers while a person thinks (hint-warm.ts), so that a Hint does not wait
   * for a cold one: each searches its share of the Hint at hand HINT_WARM_ROUNDS times per set
   * of rules, the answers dropped — a round of at most `warmBudget` simulations, fewer in the run
   * worker, as it answers the page's other requests too (a step's
   * boards, the next move), which wait behind its round in flight. Any other run stops it.
   */
  warmHint(body: Body<'hint'>): void {
    const workers = this.hintWorkers();
    if (workers.length === 1) return;
    void this.warmer.warm(rulesKey(body.files), workers, (w, k) => {
      return new Promise<unknown>((resolve) => this.send(w, { ...body, budget: warmBudget(body.budget, k), type: 'hint-shares', shares: sharesOf(k, workers.length), id: this.nextId++ } as RunRequest, resolve));
    });
  }

  /** The run worker, then the helpers a Hint's shares run in: one per core beyond the first, at most SEARCH_SHARES in all. */
  private hintWorkers(): Worker[] {
    const wanted = Math.max(1, Math.min(SEARCH_SHARES, navigator.hardwareConcurrency || 1));
    while (this.helpers.length < wanted - 1) this.helpers.push(this.startWorker());
    return [this.worker, ...this.helpers.slice(0, wanted - 1)];
  }

  /**
   * A balance simulation (the Simulate panel): `onProgress` hears the games played. No watchdog:
   * the progress shows it is alive.
   */
  balance(body: Body<'balance'>, onProgress: (p: BalanceProgress) => void): { id: number; reply: Promise<BalanceReply | RunCrash | Cancelled> } {
    return this.tracked(body, onProgress as (p: Progress) => void);
  }

  /** A tune of a card's number (the Tune row): `onProgress` hears the games played. No watchdog. */
  tune(body: Body<'tune'>, onProgress: (p: TuneProgress) => void): { id: number; reply: Promise<TuneReply | RunCrash | Cancelled> } {
    return this.tracked(body, onProgress as (p: Progress) => void);
  }

  /** The casebook under every reading of every parameter: `onProgress` hears the rulings done. */
  readings(body: Body<'readings'>, onProgress: (p: ReadingsProgress) => void): { id: number; reply: Promise<ReadingsReply | RunCrash | Cancelled> } {
    return this.tracked(body, onProgress as (p: Progress) => void);
  }

  private tracked<R extends RunReply>(body: Body<'match'> | Body<'hint'> | Body<'balance'> | Body<'readings'> | Body<'tune'>, onProgress: (p: Progress) => void): { id: number; reply: Promise<R | RunCrash | Cancelled> } {
    const id = this.nextId++;
    this.warmer.stop();
    this.runs.add(id);
    this.progress.set(id, onProgress);
    const reply = new Promise<R | RunCrash | Cancelled>((resolve) => this.send(this.worker, { ...body, id } as RunRequest, resolve as (r: RunReply | Cancelled) => void));
    return { id, reply };
  }

  /** The boards around a step of run `runId`, as `viewer` sees them. */
  boards(body: Body<'boards'>): Promise<BoardsReply | RunCrash | Cancelled> {
    const id = this.nextId++;
    return new Promise<BoardsReply | RunCrash | Cancelled>((resolve) => this.send(this.worker, { ...body, id } as RunRequest, resolve as (r: RunReply | Cancelled) => void));
  }

  /** The card faces of some rules (an online match's own): not a run, no watchdog. */
  faces(body: Body<'faces'>): Promise<FacesReply | RunCrash | Cancelled> {
    const id = this.nextId++;
    return new Promise<FacesReply | RunCrash | Cancelled>((resolve) => this.send(this.worker, { ...body, id } as RunRequest, resolve as (r: RunReply | Cancelled) => void));
  }

  /** Stops whatever the worker is doing: terminates it and starts a fresh one (the Hint's helpers start again at the next Hint). */
  cancel(): void {
    this.worker.terminate();
    this.worker = this.startWorker();
    for (const h of this.helpers) h.terminate();
    this.helpers = [];
    // New helpers: the next warm-up starts over.
    this.warmer.stop(true);
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.watchdog = null;
    for (const id of [...this.pending.keys()]) this.settle(id, { type: 'cancelled' });
  }
}
