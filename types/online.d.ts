// Types of the online part of the page (online.js, lobby.js, invite.js):
// who this browser is, the lobby's lists, this player's tables and a seat taken. Types
// only, for the JSDoc of those modules. The shapes are those the server builds:
// skipbo.server.player_routes (player_json, /api/lobby, /api/me/tables, /api/find),
// skipbo.server.storage.games (TableShown, SeatShown), skipbo.server.messages
// (CreateTableRequest) and skipbo.server.local (create, join: the seat taken).

/** This browser's player: /api/me, /api/account/claim and /login (player_routes.player_json). */
interface IdentityJson {
  id: number;
  name: string;
  kind: "guest" | "account" | "deleted";
  /** The standing's fields: absent only when the player has none. */
  rating?: number | null;
  provisional?: boolean;
  games?: number;
  wins?: number;
}

/** A seat as the server's lists show it (storage.games.SeatShown). */
interface ListedSeatJson {
  seat: number;
  name: string;
  /** "open", "human" or "bot:LEVEL". */
  kind: string;
  player_id: number | null;
  rating: number | null;
  provisional: boolean;
}

/** A table of the lobby, the your-turn list or a player's running tables (storage.games.TableShown). */
interface ListedTableJson {
  table_id: string;
  created: number;
  rated: boolean;
  pace: "live" | "slow";
  players: number;
  teams: boolean;
  stock: number;
  phase: "lobby" | "playing" | "finished";
  open_seats: number;
  deadline: number | null;
  /** A slow game's hours a turn; null for a live game or one listed before they were kept. */
  slow_hours: number | null;
  seats: ListedSeatJson[];
}

/** GET /api/lobby: the open public tables and the public games in play, newest first. */
interface LobbyJson {
  tables: ListedTableJson[];
  playing: ListedTableJson[];
}

/** GET /api/me/tables: this player's tables not over, and those waiting for their move. */
interface MyTablesJson {
  running: ListedTableJson[];
  your_turn: ListedTableJson[];
}

/** POST /api/tables: a table's set-up and the creator's name (messages.CreateTableRequest). */
interface CreateTableBody {
  name?: string | null;
  players?: number;
  stock?: number | null;
  teams?: boolean;
  target?: number | null;
  /** "human" (a person's seat, the creator's first) or "bot:LEVEL". */
  seats?: string[] | null;
  turn_seconds?: number | null;
  hints?: boolean | null;
  public?: boolean;
  rated?: boolean;
  /** A slow game: hours a turn; absent or null: live. */
  slow_hours?: number | null;
  /** What happens to a slow game's player past the deadline: "lose" or "bot". */
  on_timeout?: string;
}

/** A seat taken: POST /api/tables (with a name), /api/tables/CODE/join, /api/find. */
interface SeatedJson {
  code: string;
  seat: number;
  token: string;
  table: TableView;
}

/** A table this browser sat at, as "Your tables" keeps it (localStorage "skipbo.tables"). */
interface MyTableEntry {
  code: string;
  /** Absent for a seat stored by older pages (only a token). */
  seat?: number;
  /** When it was last seen (ms since the epoch; 0 for older pages' seats). */
  at: number;
  /** Who else sits there, their names joined by ", ". */
  who?: string;
  /** The table view's phase when it was last seen. */
  phase?: string;
}
