// Types of the people pages' data (profile.js, account.js): a player's profile, their
// finished games and rating graph, and the leaderboard, as the server sends them
// (skipbo.server.player_routes over skipbo.server.storage.games: PlayerStanding,
// GameShown, GameSeat, RatingPoint, Board, BoardRow). Types only: nothing here exists
// at run time.

/** A player's profile head (GET /api/players/ID's player: PlayerStanding). */
interface PlayerStandingJson {
  player_id: number;
  name: string;
  /** "guest", "account" or "deleted". */
  kind: "guest" | "account" | "deleted";
  created: number;
  mu: number | null;
  sigma: number | null;
  rating: number | null;
  rated_games: number;
  games: number;
  wins: number;
  /** The total over all games (divide by games for the average). */
  stock_left: number;
  provisional: boolean;
}

/** One seat of a finished game as a profile lists it (GameSeat). */
interface GameSeatJson {
  seat: number;
  /** The seat's side (its team with partnerships, else the seat), 0-based. */
  side: number;
  name: string;
  score: number;
  stock_left: number;
  player_id: number | null;
  bot: string | null;
  resigned: boolean;
  /** The seat's side's rank, 1 the best. */
  place: number;
}

/** A finished game in a player's list (GameShown); also a line of GET /api/account/games. */
interface GameShownJson {
  table_id: string;
  game_index: number;
  /** The game's first round among the table's rounds (from 0). */
  first_round: number;
  rounds: number;
  /** Seconds since the epoch. */
  finished: number;
  players: number;
  teams: boolean;
  stock: number;
  rated: boolean;
  ending: "won" | "resigned" | "abandoned";
  game_id: number;
  rating_after: number | null;
  /** The rating before it (a new player's before their first rated game); null when unrated. */
  rating_before: number | null;
  seats: GameSeatJson[];
}

/** One point of the rating graph: the rating after game_id, finished at `at` (RatingPoint). */
interface RatingPointJson {
  game_id: number;
  /** Seconds since the epoch. */
  at: number;
  rating: number;
  mu: number;
  sigma: number;
}

/** GET /api/players/ID (?before=GAME_ID for the next page of games). */
interface ProfileJson {
  player: PlayerStandingJson;
  games: GameShownJson[];
  graph: RatingPointJson[];
}

/** The profile shown (profile.js): player null while loading or after a refusal. */
interface ProfileShown {
  id: number;
  player: PlayerStandingJson | null;
  games: GameShownJson[];
  graph: RatingPointJson[];
  /** A "More games" button: the last page was full. */
  more: boolean;
  /** Every game is listed (after "More games"). */
  done: boolean;
}

/** One line of the leaderboard (BoardRow). */
interface BoardRowJson {
  place: number;
  player_id: number;
  name: string;
  rating: number;
  rated_games: number;
  games: number;
  wins: number;
}

/** GET /api/leaderboard?page=N (N from 0): one page and how many players it has in all. */
interface BoardJson {
  rows: BoardRowJson[];
  total: number;
}

/** The leaderboard page shown (profile.js): page counted from 1. */
interface BoardShown {
  page: number;
  rows: BoardRowJson[];
  total: number;
}

/** POST /api/tables/CODE/reseat: a new seat token for my seat. */
interface ReseatJson {
  code: string;
  seat: number;
  token: string;
}
