/**
 * What the rules may read of the match a game is part of (`match_game`, `match_wins(p)`,
 * `last_winner`, `last_loser`; docs/language.md "Matches"). A game played alone is game 1 of a
 * match no one has won a game of yet. The engine holds these facts; the match runner (match.ts)
 * or a scenario's `match:` sets them before a game starts, and no rule changes them.
 */
export interface MatchFacts {
  /** The number of this game in the match, 1 for the first. */
  game: number;
  /** Games won so far in the match, by player index. */
  wins: number[];
  /** The last game's winner and loser, by player index; -1 in game 1 or after a draw. */
  lastWinner: number;
  lastLoser: number;
}

/** The facts of a first game (or of a game played alone). */
export function firstGame(players: number): MatchFacts {
  return { game: 1, wins: new Array<number>(players).fill(0), lastWinner: -1, lastLoser: -1 };
}
