// Types of app.js (the page's shared state, the connection, the history) for the
// JSDoc of the page's modules; types only, nothing here exists at run time.

/** An error as the server answers it: its HTTP body (errors.py CodedError.payload,
 * or FastAPI's own {detail}) or the WebSocket's error message; the page's own
 * refusals (new ServerError({error, field})) have the same shape. */
interface ServerErrorJson {
  error?: string;
  code?: string;
  params?: Record<string, unknown>;
  field?: string;
  detail?: string | { msg: string }[];
}

/** A seat kept in localStorage (skipbo.seat.CODE) so that a reload sits down again. */
interface StoredSeat {
  token: string;
  seat: number | null;
}

/** A message the server sends on the table's WebSocket (hub.py, errors.py). */
type ServerMessage =
  | { type: "state"; view: TableView }
  | { type: "hint"; move: string }
  | ReactionMessage
  | ({ type: "error" } & ServerErrorJson);

/** A seat's preset reaction, passed on to everyone at the table (hub.reaction_message). */
interface ReactionMessage {
  type: "reaction";
  seat: number;
  reaction: string;
}

/** A message the page sends on the table's WebSocket (messages.py Request). */
type ClientMessage =
  | { type: "hello"; token: string | null }
  | { type: "move"; move: string; at?: [number, number] | null }
  | { type: "next" }
  | { type: "resign" }
  | { type: "back" }
  | { type: "hint" }
  | { type: "react"; reaction: string };

/** The pages of the one document; one shows at a time (showPage). */
type PageName = "lobby" | "table" | "replay" | "profile" | "leaderboard" | "invite";

/** What the page keeps in history.state: the table or invite an entry is for, and
 * the overlay open on top of it with how many overlay entries lie above the table's. */
interface PageHistoryState {
  table?: string;
  invite?: string;
  lobby?: boolean;
  overlay?: string | null;
  depth?: number;
}
