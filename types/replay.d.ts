// Types of the replay page's data (replay.js, analysis.js) and of the table's moving
// cards (motion.js), for their JSDoc; types only, nothing here exists at run time.
// The shapes are those the server builds: skipbo.server.replay (replay_steps) and
// skipbo.server.analysis (analysis_json, from skipbo.coach's Assessment.to_json).

/** The position as dealt: the first step of a replay. */
interface ReplayDealtStep {
  move: null;
  seat: null;
  /** The spectators' public view (player_view(state, None)). */
  view: PlayerViewJson;
  /** Every seat's hand, only in a finished record's steps (its deal is public). */
  hands?: CardText[][];
}

/** A step after a move: who played which move, and the view after it. */
interface ReplayMoveStep {
  move: string;
  seat: number;
  view: PlayerViewJson;
  hands?: CardText[][];
}

/** One step of a replay: the dealt position, or one after a move. */
type ReplayStep = ReplayDealtStep | ReplayMoveStep;

/** A replayed round (POST /api/replay, GET /api/tables/CODE/replay/I). */
interface ReplayJson {
  /** The seats' names, from the record ("seat 1"... when it names none). */
  names: string[];
  /** How the round ended; null while it has not. */
  result: RoundResultJson | null;
  steps: ReplayStep[];
}

/** What a replay shows: an uploaded record (its text), or a table's round (from 0). */
type ReplaySource = { file: string; code?: undefined; index?: undefined } | { file?: undefined; code: string; index: number };

/** The coach's marks, by the drop in win chance (skipbo.coach MARKS). */
type MarkName = "inaccuracy" | "mistake" | "blunder";

/** The coach's look at one move of the analysed seat (Assessment.to_json). */
interface AssessmentJson {
  /** The move's index in the record's moves (the replay's step index + 1). */
  index: number;
  turn: number;
  seat: number;
  /** The move played and the coach's suggestion, in notation ("H7-B2"). */
  played: string;
  best: string;
  /** The seat's win chance in percent (one decimal) after the move played, after the best. */
  after_played: number;
  after_best: number;
  /** after_best - after_played, in percentage points (one decimal). */
  drop: number;
  mark: MarkName | null;
}

/** A seat's analysis of a finished round (GET .../analysis/I, POST /api/analysis). */
interface AnalysisJson {
  /** The table's round index; absent for an uploaded record. */
  round?: number;
  seat: number;
  moves: AssessmentJson[];
  /** How many moves got each mark. */
  marks: Record<MarkName, number>;
}

/** A table view received and waiting to be shown, with when it arrived (Date.now()). */
interface QueuedState {
  view: TableView;
  at: number;
}

/** Where a move's card travels from and to (pile keys as data-pile: "1:H", "0:D2", "B3"), and the card. */
interface MoveEnds {
  from: string;
  to: string;
  value: CardText;
}

/** Where the analysis graph's parts go, in CSS pixels (analysis.js analysisFrame). */
interface GraphFrame {
  width: number;
  height: number;
  /** The plot's edges, inside the room for the labels. */
  plot: { left: number; right: number; top: number; bottom: number };
  /** The x of a step, the y of a win chance in percent. */
  x: (step: number) => number;
  y: (chance: number) => number;
}
