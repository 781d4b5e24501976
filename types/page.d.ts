// Types of the data the page receives from the server, for the JSDoc of the page's
// modules (src/skipbo/server/static/*.js, checked by `tsc -p tsconfig.json`). Types
// only: nothing here exists at run time, and nothing is sent to the browser. The
// shapes are those the server builds: skipbo.core.view (PlayerView.to_dict),
// skipbo.server.tables (Table.views_for) and skipbo.server.config (TableConfig).

/** A card as the notation writes it: "1".."12" or "SB". */
type CardText = string;

/** The rules of a round (core Rules.to_dict). */
interface RulesJson {
  players: number;
  stock: number;
  teams: boolean;
  cap?: number;
}

/** Another player as a seat sees them (core PublicPlayer). */
interface PublicPlayerJson {
  stock_top: CardText | null;
  stock: number;
  hand: number;
  discards: CardText[][];
}

/** The core's player view: what one seat (or a spectator, seat null) may see. */
interface PlayerViewJson {
  seat: number | null;
  to_move: number;
  rules: RulesJson;
  hand: CardText[];
  build: number[];
  draw: number;
  completed: number;
  players: PublicPlayerJson[];
  build_piles: CardText[][];
  completed_cards: CardText[];
}

/** How a round ended (core RoundResult.to_dict). */
interface RoundResultJson {
  winner: number | null;
  reason: string;
  points?: number;
  team?: number[];
  forfeited?: number;
  moves: number;
  turns: number;
}

/** A seat's public entry in a table view. */
interface SeatJson {
  seat: number;
  name: string;
  kind: "human" | "bot" | "open";
  bot: string | null;
  connected: boolean;
  autopilot: boolean;
  ready: boolean;
  resigned?: boolean;
}

/** A table's configuration as shown (TableConfig.to_json). */
interface TableConfigJson {
  rules: RulesJson;
  target: number | null;
  seats: string[];
  turn_seconds: number | null;
  hints: boolean;
  public?: boolean;
  rated?: boolean;
  slow_hours?: number;
  on_timeout?: "lose" | "bot";
  deal?: string;
  [more: string]: unknown;
}

/** One move in a view's recent list. */
interface SeatMove {
  seat: number;
  move: string;
}

/** What the server sends a seat (or a spectator) about its table: Table.views_for. */
interface TableView {
  code: string;
  seat: number | null;
  seats: SeatJson[];
  config: TableConfigJson;
  phase: "lobby" | "playing" | "round_over" | "match_over";
  resigned: number | null;
  turn_remaining: number | null;
  game?: number;
  round?: number;
  round_index?: number;
  moves?: number;
  dealer?: number;
  to_move?: number;
  scores?: number[];
  match_winner?: number | null;
  result?: RoundResultJson | null;
  last_moves?: SeatMove[];
  legal?: string[];
  view?: PlayerViewJson;
}

/** This page's seat at a table: the token is its only key. */
interface SeatTicket {
  code: string;
  token: string | null;
  seat: number | null;
}

/** The attributes `el()` sets: null, undefined and false leave one out. */
type Attrs = Record<string, string | number | boolean | null | undefined>;
