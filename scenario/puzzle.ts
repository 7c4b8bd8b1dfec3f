/**
 * Tactics puzzles: a position where one answer is clearly right to a competent player and the
 * wrong ones are tempting (docs/scenarios.md, "Puzzles"). The file's `steps` let an agent answer;
 * its `puzzle:` writes the right answer's script and each wrong one's. A puzzle is proven when the
 * right script meets the expectations and no wrong script does — so an agent that meets them has
 * found the right answer, not merely an answer the expectations cannot tell apart.
 *
 * Pure, like the runner: `rerun` runs the same file with another script (scenario/run.ts).
 */
import { t } from '../i18n/format.ts';

/** What a puzzle needs of a run of its file (a ScenarioOutcome of scenario/run.ts, which calls this module). */
export interface ScriptRun {
  passed: boolean;
  failures: string[];
  error: { message: string } | null;
}

export interface PuzzleProof {
  /** The agent that answered the file's agent steps (the one written, or `grimoire scenario --agent`). */
  agent: string;
  /** Did the agent's answer meet the expectations? */
  solved: boolean;
  /**
   * `hard: true`: a target no affordable agent solves yet. Such a puzzle passes when it is proven,
   * solved or not (its expectations, as the agent's run left them, are still reported).
   */
  hard: boolean;
  /** Does the right script meet them, and does every wrong script fail them? */
  proven: boolean;
  right: { passed: boolean; failures: string[] };
  /** Each wrong script: `passed` true is a flaw of the puzzle (the expectations cannot tell it from the right one). */
  wrong: { passed: boolean; failures: string[] }[];
  /** What makes the puzzle unproven, in words (added to the outcome's failures). */
  problems: string[];
}

/**
 * Runs the puzzle's scripts. `puzzle` is the file's checked `puzzle:` ({ right, wrong });
 * `solved` whether the agent's run met the expectations.
 */
export function provePuzzle(puzzle: unknown, agent: string, solved: boolean, rerun: (script: unknown[]) => ScriptRun): PuzzleProof {
  const { right, wrong, hard } = puzzle as { right: unknown[]; wrong: unknown[][]; hard?: boolean };
  const r = rerun(right);
  const ws = wrong.map((w) => rerun(w));
  const problems: string[] = [];
  if (!r.passed) problems.push(t('scenario.puzzle.right-fails', { failures: r.failures.join('; ') }));
  ws.forEach((w, k) => {
    if (w.passed) problems.push(t('scenario.puzzle.wrong-passes', { n: k + 1 }));
    // A wrong script the engine refuses (a step it never asks) proves nothing either.
    else if (w.error) problems.push(t('scenario.puzzle.wrong-not-run', { n: k + 1, message: w.error.message }));
  });
  return {
    agent,
    solved,
    hard: !!hard,
    proven: problems.length === 0,
    right: { passed: r.passed, failures: r.failures },
    wrong: ws.map((w) => ({ passed: w.passed, failures: w.failures })),
    problems,
  };
}
