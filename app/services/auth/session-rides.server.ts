/**
 * What a request reads in its session's own D1 batch (decisions 056 and 073). Two calls wait on D1
 * once in all, not twice: `GET /api/me` (the person's rows) and a send,
 * `POST /api/chats/:characterId/messages` (the character, the person's personas and profile), the
 * call a person waits on before the first word of every reply.
 *
 * A ride decides only what is read beside the session, never who the person is or what they may do:
 * every statement names the person by the subquery that finds them from the same session row, with
 * the same id (from the signed cookie) and time as the session's own statement, so a cookie with no
 * live session reads no one's rows. The route still checks the session, the CSRF token and the
 * permission as before, and a send still checks that the character is one the person may see.
 */
import type { SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { isId } from "~/db/ids";
import { sendStatements } from "~/models/chat.server";
import { meStatements, type MeRows } from "~/models/user.server";

export type Ride = { kind: "me"; rows: MeRows } | { kind: "send"; characterId: string; rows: unknown[][] };

type Rider = { statements: (db: Db, who: SQL) => readonly unknown[]; ride: (rows: unknown[]) => Ride };

const SEND_PATH = /^\/api\/chats\/([^/]+)\/messages$/;

/** The rows `request` reads with its session, or null when it reads the session alone. */
export function riderFor(request: Request): Rider | null {
  if (request.method === "GET")
    return new URL(request.url).pathname === "/api/me"
      ? { statements: (db, who) => meStatements(db, who), ride: (rows) => ({ kind: "me", rows: rows as unknown as MeRows }) }
      : null;
  if (request.method !== "POST") return null;
  const characterId = new URL(request.url).pathname.match(SEND_PATH)?.[1];
  if (!isId(characterId)) return null;
  return {
    statements: (db, who) => sendStatements(db, characterId, who),
    ride: (rows) => ({ kind: "send", characterId, rows: rows as unknown[][] }),
  };
}

/** GET /api/me's rows, when they came with the session. */
export const meRowsOf = (ride: Ride | undefined) => (ride?.kind === "me" ? ride.rows : undefined);

/** A send's batch (`sendStatements`) for `characterId`, when it came with the session. */
export const sendRowsOf = (ride: Ride | undefined, characterId: string | undefined) =>
  ride?.kind === "send" && ride.characterId === characterId ? ride.rows : undefined;
