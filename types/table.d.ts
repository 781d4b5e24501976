// Types of table.js (drawing the table and choosing a move), for its JSDoc. Types
// only: nothing here exists at run time.

/** A table past its lobby: the server adds the round's fields and the seat's core view (tables.py views_for). */
type StartedTableView = TableView & { round_index: number; moves: number; view: PlayerViewJson };

/** A discard waiting for its undo moment (table.js's pending). */
interface PendingDiscard {
  /** the move, "H7-D2" */
  move: string;
  /** the discard pile it goes to, "D2" */
  target: string;
  /** the setTimeout that sends it */
  timer: number;
}

/** A pointer drag of a card in progress (table.js). */
interface TableDrag {
  /** the source moved, "H7", "S", "D2", "pD1" */
  source: string;
  /** which node of that source, "H7#2" */
  nodeId: string;
  node: HTMLElement;
  /** the pointer's id */
  id: number;
  /** where the pointer went down */
  x: number;
  y: number;
  /** the card's copy that follows the pointer, once it moved far enough */
  ghost: HTMLElement | null;
}

/** The moves of one seat in a row, each with its key "round:index" (table.js's lastTurnRuns). */
interface TurnRun {
  seat: number;
  moves: [move: string, key: string][];
}

/** Who won each game of a series this browser saw end: game number -> winning side, or null for none. */
type SeriesGames = Record<string, number | null>;

/** The request for a new table like the one shown (table.js's newGameAlike; POST /api/tables). */
interface AlikeTableRequest {
  name: string;
  players: number;
  stock: number;
  target: number | null;
  teams: boolean;
  seats: string[];
  turn_seconds?: number;
  hints?: boolean;
}
