import { describe, expect, it } from "vitest";
import { riderFor, sendRowsOf, type Ride } from "./session-rides.server";

const request = (method: string, path: string) => new Request(`http://127.0.0.1${path}`, { method });
const ID = "ridechar00000001";

describe("what a request reads with its session (decision 073)", () => {
  it("GET /api/me and a send ride; nothing else does", () => {
    expect(riderFor(request("GET", "/api/me"))).not.toBeNull();
    expect(riderFor(request("POST", `/api/chats/${ID}/messages`))).not.toBeNull();
    for (const [method, path] of [
      ["POST", "/api/me"],
      ["GET", `/api/chats/${ID}/messages`],
      ["PUT", `/api/chats/${ID}/messages`],
      ["POST", `/api/chats/${ID}/messages/`],
      ["POST", `/api/chats/${ID}/messages.data`],
      ["POST", `/api/chats/${ID.toUpperCase()}/messages`],
      ["POST", `/api/chats/${ID}/messages/abc/regenerate`],
      ["POST", "/api/chats/not%2Fan%2Fid/messages"],
      ["GET", "/api/me/"],
    ])
      expect(riderFor(request(method, path)), `${method} ${path}`).toBeNull();
  });

  it("a send's rows are used only for the character the route names", () => {
    const rider = riderFor(request("POST", `/api/chats/${ID}/messages`))!;
    const rows = [[{ id: ID }], [], [], []];
    const ride = rider.ride(rows) as Ride;
    expect(sendRowsOf(ride, ID)).toBe(rows);
    expect(sendRowsOf(ride, "otherchar0000001")).toBeUndefined();
    expect(sendRowsOf(undefined, ID)).toBeUndefined();
    expect(sendRowsOf({ kind: "me", rows: [] as never }, ID)).toBeUndefined();
  });
});
