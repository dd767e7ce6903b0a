/**
 * The authorization matrix: every route file of app/routes with the calls that exercise it and the
 * status each role gets. `authorization.test.ts` fails when a route file has no row here, so a new
 * route cannot ship without deciding who may call it (decision 012).
 *
 * Roles: a guest; FREE, GOLD (active subscription), premium (SILVER with an active subscription),
 * moderator, the admin (ADMIN_USER_ID) and a banned user, each acting on objects that belong to
 * another user; and that other user, the owner, acting on their own objects.
 */
export const ROLES = ["guest", "free", "gold", "premium", "moderator", "admin", "banned", "owner"] as const;
export type Role = (typeof ROLES)[number];

export type Fixtures = {
  publicCharacter: string;
  privateCharacter: string;
  ownerId: string;
  ownerPersona: string;
  ownerMessage: string;
  ownerJob: string;
  /** A picture of the owner's, not shared. */
  ownerImage: string;
  /** The owner's open report of the private character. */
  ownerReport: string;
  /** A review of the owner's public character by someone else (issue 64). */
  ownerReview: string;
  /** A text of the owner's the safety gate held for review (issue 59). */
  ownerScreenEvent: string;
  /** A story of the owner's: opening, a choice, a passage (so there is a turn to undo). */
  ownerStory: string;
  /** A memory of the owner's chat with the public character (issue 25). */
  ownerPin: string;
  /** A group chat of the owner's with the public character and another (issue 26). */
  ownerGroup: string;
  shortCode: string;
  /** A moderator other than the moderator role: only the admin may ban them. */
  otherModerator: string;
  mediaKey: string;
  png: Uint8Array<ArrayBuffer>;
};

export type Call = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (f: Fixtures) => string;
  /** JSON body, a form (urlencoded), or multipart with a file. */
  json?: (f: Fixtures) => unknown;
  form?: Record<string, string>;
  file?: (f: Fixtures) => { field: string; bytes: Uint8Array<ArrayBuffer>; name: string };
  /** Ask for a page (a document request), not data. */
  page?: boolean;
  expect: Partial<Record<Role, number>> & { others?: number };
  /** The development outbox shows every mail on purpose; it is checked for status only. */
  devOnly?: boolean;
};

const ALL = (status: number, banned = 403): Call["expect"] => ({ others: status, banned });
const SIGNED_IN = (status: number, guest = 401): Call["expect"] => ({ others: status, guest, banned: 403 });
/** Pages that need a signed-in user send guests to sign in. */
const SIGNED_IN_PAGE = (status = 200): Call["expect"] => SIGNED_IN(status, 302);
/** Another user's object: only its owner (and a moderator where said, the admin being one) gets `ok`. */
const OWNER_ONLY = (ok: number, others: number, moderator = others): Call["expect"] => ({
  others,
  owner: ok,
  moderator,
  admin: moderator,
  guest: 401,
  banned: 403,
});

const page = (path: string | ((f: Fixtures) => string), expect: Call["expect"]): Call => ({
  path: typeof path === "string" ? () => path : path,
  page: true,
  expect,
});
const character = () => ({ name: "Renamed", greeting: "Hello again." });
/** A SillyTavern chat file: its header and two messages. */
const ST_CHAT = new TextEncoder().encode(
  [
    { user_name: "Me", character_name: "Vesper", create_date: "2024-10-05@14h30m12s", chat_metadata: {} },
    { name: "Vesper", is_user: false, send_date: "2024-10-05T14:30:12.000Z", mes: "Psst." },
    { name: "Me", is_user: true, send_date: "2024-10-05T14:31:00.000Z", mes: "Hello there." },
  ]
    .map((line) => JSON.stringify(line))
    .join("\n"),
) as Uint8Array<ArrayBuffer>;

export const CASES: Record<string, Call[]> = {
  "$.tsx": [page("/no-such-page", ALL(404))],
  "[_log].tsx": [
    { method: "POST", path: () => "/_log", json: () => ({ level: "info", code: "MATRIX" }), expect: ALL(204) },
    { path: () => "/_log", expect: ALL(405) },
  ],
  "_index.tsx": [page("/", ALL(200))],
  "account.tsx": [page("/account", ALL(200))],
  "api.account.sessions.tsx": [
    { path: () => "/api/account/sessions", expect: SIGNED_IN(200) },
    { method: "DELETE", path: () => "/api/account/sessions", expect: SIGNED_IN(200) },
  ],
  "api.admin.user.delete.$userId.tsx": [
    { method: "DELETE", path: (f) => `/api/admin/user/delete/${f.ownerId}`, expect: { others: 403, guest: 401, banned: 403, admin: 200, owner: 200 } },
    { path: (f) => `/api/admin/user/delete/${f.ownerId}`, expect: ALL(405) },
  ],
  "api.auth.[_log].tsx": [{ method: "POST", path: () => "/api/auth/_log", json: () => ({ level: "warn", code: "MATRIX" }), expect: ALL(204) }],
  "api.auth.callback.$provider.tsx": [
    { path: () => "/api/auth/callback/email?t=not-a-token", expect: ALL(302) },
    { method: "POST", path: () => "/api/auth/callback/email", form: { code: "123456" }, expect: ALL(302) },
  ],
  "api.auth.csrf.tsx": [{ path: () => "/api/auth/csrf", expect: ALL(200, 200) }],
  "api.auth.error.tsx": [page("/api/auth/error?error=Default", ALL(200))],
  "api.auth.providers.tsx": [{ path: () => "/api/auth/providers", expect: ALL(200) }],
  "api.auth.session.tsx": [
    { path: () => "/api/auth/session", expect: ALL(200, 200) },
    // The update needs the visitor's own CSRF token (tested with one in sessions.test.ts): a made-up one is refused.
    { method: "POST", path: () => "/api/auth/session", json: () => ({ csrfToken: "0".repeat(48), data: {} }), expect: SIGNED_IN(403) },
  ],
  "api.auth.signin.$provider.tsx": [
    { method: "POST", path: () => "/api/auth/signin/email", form: { email: "matrix-signin@example.com", callbackUrl: "/" }, expect: ALL(302) },
  ],
  "api.auth.signin._index.tsx": [page("/api/auth/signin", { others: 302, guest: 200, banned: 403 })],
  "api.auth.signout.tsx": [{ method: "POST", path: () => "/api/auth/signout", form: { callbackUrl: "/" }, expect: ALL(302, 302) }],
  "api.auth.verify-request.tsx": [page("/api/auth/verify-request", ALL(200))],
  "api.characters.$id._index.tsx": [
    { path: (f) => `/api/characters/${f.publicCharacter}`, expect: ALL(200) },
    { path: (f) => `/api/characters/${f.privateCharacter}`, expect: { others: 404, owner: 200, moderator: 200, admin: 200, banned: 403 } },
    { method: "PUT", path: (f) => `/api/characters/${f.publicCharacter}`, json: character, expect: OWNER_ONLY(200, 403) },
    { method: "DELETE", path: (f) => `/api/characters/${f.publicCharacter}`, expect: OWNER_ONLY(200, 403) },
  ],
  "api.characters.$id.card[.json].tsx": [
    { path: (f) => `/api/characters/${f.publicCharacter}/card.json`, expect: ALL(200) },
    { path: (f) => `/api/characters/${f.privateCharacter}/card.json`, expect: { others: 404, owner: 200, moderator: 200, admin: 200, banned: 403 } },
  ],
  "api.characters.$id.card[.png].tsx": [
    { path: (f) => `/api/characters/${f.publicCharacter}/card.png`, expect: ALL(200) },
    { path: (f) => `/api/characters/${f.privateCharacter}/card.png`, expect: { others: 404, owner: 200, moderator: 200, admin: 200, banned: 403 } },
  ],
  "api.characters.$id.favorite.tsx": [
    { method: "POST", path: (f) => `/api/characters/${f.publicCharacter}/favorite`, expect: SIGNED_IN(200) },
    { method: "POST", path: (f) => `/api/characters/${f.privateCharacter}/favorite`, expect: { others: 404, owner: 200, guest: 401, banned: 403 } },
  ],
  "api.characters.$id.appeal.tsx": [
    // Nothing of the owner's character is held, so even the owner's appeal is a 400.
    { method: "POST", path: (f) => `/api/characters/${f.publicCharacter}/appeal`, json: () => ({ message: "Please." }), expect: OWNER_ONLY(400, 403) },
    { path: (f) => `/api/characters/${f.publicCharacter}/appeal`, expect: ALL(405) },
  ],
  "api.characters.$id.publish.tsx": [
    { method: "PUT", path: (f) => `/api/characters/${f.publicCharacter}/publish`, json: () => ({ isPublic: false }), expect: OWNER_ONLY(200, 403) },
  ],
  "api.characters.$id.thumbnail.tsx": [
    {
      method: "POST",
      path: (f) => `/api/characters/${f.publicCharacter}/thumbnail`,
      file: (f) => ({ field: "file", bytes: f.png, name: "t.png" }),
      expect: OWNER_ONLY(200, 403),
    },
  ],
  "api.characters.$id.upvote.tsx": [
    { method: "POST", path: (f) => `/api/characters/${f.publicCharacter}/upvote`, expect: SIGNED_IN(200) },
    { method: "POST", path: (f) => `/api/characters/${f.privateCharacter}/upvote`, expect: { others: 404, owner: 200, guest: 401, banned: 403 } },
  ],
  "api.characters.$id.voice.tsx": [
    {
      method: "POST",
      path: (f) => `/api/characters/${f.publicCharacter}/voice`,
      file: () => ({ field: "file", bytes: new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0]), name: "v.ogg" }),
      expect: OWNER_ONLY(200, 403),
    },
  ],
  "api.characters._index.tsx": [
    { method: "POST", path: () => "/api/characters", json: () => ({ name: "Matrix Made", greeting: "Hi." }), expect: SIGNED_IN(201) },
  ],
  "api.characters.import.tsx": [
    {
      method: "POST",
      path: () => "/api/characters/import",
      json: () => ({ spec: "chara_card_v2", spec_version: "2.0", data: { name: "Imported", first_mes: "Hi." } }),
      expect: SIGNED_IN(200),
    },
  ],
  "api.chat.saved-chats.tsx": [
    { path: (f) => `/api/chat/saved-chats?characterId=${f.publicCharacter}`, expect: { others: 403, gold: 200, guest: 401, banned: 403 } },
    {
      method: "POST",
      path: () => "/api/chat/saved-chats",
      json: (f) => ({ characterId: f.publicCharacter, title: "Matrix", copyCurrentChat: false }),
      expect: { others: 403, gold: 200, guest: 401, banned: 403 },
    },
    {
      method: "POST",
      path: () => "/api/chat/saved-chats",
      json: (f) => ({ characterId: f.privateCharacter, title: "Matrix", copyCurrentChat: false }),
      expect: { others: 403, gold: 404, guest: 401, banned: 403 },
    },
  ],
  "api.chat.update.tsx": [
    { method: "PUT", path: (f) => `/api/chat/update?characterId=${f.publicCharacter}`, json: () => ({ model: "Mage" }), expect: SIGNED_IN(200) },
    {
      method: "PUT",
      path: (f) => `/api/chat/update?characterId=${f.publicCharacter}`,
      json: () => ({ model: "Witch" }),
      expect: { others: 403, gold: 200, premium: 200, guest: 401, banned: 403 },
    },
    {
      method: "POST",
      path: (f) => `/api/chat/update?characterId=${f.publicCharacter}`,
      json: (f) => ({ id: f.publicCharacter, persona: "Gentler." }),
      expect: { others: 403, gold: 200, premium: 200, guest: 401, banned: 403 },
    },
    {
      method: "PUT",
      path: (f) => `/api/chat/update?characterId=${f.privateCharacter}`,
      json: () => ({ model: "Mage" }),
      expect: { others: 404, owner: 200, moderator: 200, admin: 200, guest: 401, banned: 403 },
    },
  ],
  "api.chats.$characterId._index.tsx": [
    { path: (f) => `/api/chats/${f.publicCharacter}`, expect: SIGNED_IN(200) },
    { path: (f) => `/api/chats/${f.privateCharacter}`, expect: { others: 404, owner: 200, moderator: 200, admin: 200, guest: 401, banned: 403 } },
  ],
  "api.chats.$characterId.branches.tsx": [
    { path: (f) => `/api/chats/${f.publicCharacter}/branches`, expect: SIGNED_IN(200) },
    { path: (f) => `/api/chats/${f.privateCharacter}/branches`, expect: { others: 404, owner: 200, moderator: 200, admin: 200, guest: 401, banned: 403 } },
  ],
  // A plain GET is told to open a WebSocket (426); the upgrade itself is tested in live.test.ts.
  "api.chats.$characterId.live.tsx": [{ path: (f) => `/api/chats/${f.publicCharacter}/live`, expect: SIGNED_IN(426) }],
  "api.chats.$characterId.import.tsx": [
    // Into the private character's chat, so the owner's chat with the public one (other rows use it) stays on screen.
    {
      method: "POST",
      path: (f) => `/api/chats/${f.privateCharacter}/import`,
      file: () => ({ field: "file", bytes: ST_CHAT, name: "Vesper.jsonl" }),
      expect: OWNER_ONLY(201, 404, 201),
    },
    { path: (f) => `/api/chats/${f.publicCharacter}/import`, expect: ALL(405) },
  ],
  "api.chats.$characterId.export[.jsonl].tsx": [
    { path: (f) => `/api/chats/${f.publicCharacter}/export.jsonl?chatId=matrixchat000001`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.chats.$characterId.export[.txt].tsx": [
    { path: (f) => `/api/chats/${f.publicCharacter}/export.txt?chatId=matrixchat000001`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.chats.$characterId.memory._index.tsx": [
    // Everyone signed in reads (and clears) what is remembered of their own chat with the character.
    { path: (f) => `/api/chats/${f.publicCharacter}/memory`, expect: SIGNED_IN(200) },
    { method: "DELETE", path: (f) => `/api/chats/${f.publicCharacter}/memory`, expect: SIGNED_IN(200) },
    // Nobody's chat here is long enough for a summary yet: an edit of it says so.
    { method: "PUT", path: (f) => `/api/chats/${f.publicCharacter}/memory`, json: () => ({ summary: "A summary." }), expect: SIGNED_IN(400) },
    { path: (f) => `/api/chats/${f.privateCharacter}/memory`, expect: OWNER_ONLY(200, 404, 200) },
  ],
  // Following a creator (issue 64): anyone signed in may follow another's public profile; following oneself is refused.
  "api.creators.$userId.follow.tsx": [
    { method: "POST", path: (f) => `/api/creators/${f.ownerId}/follow`, expect: { ...SIGNED_IN(200), owner: 400 } },
    { method: "DELETE", path: (f) => `/api/creators/${f.ownerId}/follow`, expect: { ...SIGNED_IN(200), owner: 400 } },
    { method: "POST", path: () => "/api/creators/nosuchcreator001/follow", expect: SIGNED_IN(404) },
    { path: (f) => `/api/creators/${f.ownerId}/follow`, expect: ALL(405) },
  ],
  // Ratings and reviews (issue 64): anyone signed in who sent 5 messages (the GOLD role here) rates
  // another's public character; the creator replies once; moderators remove.
  "api.characters.$id.review.tsx": [
    {
      method: "PUT",
      path: (f) => `/api/characters/${f.publicCharacter}/review`,
      json: () => ({ rating: 4, text: "Lovely." }),
      expect: { ...SIGNED_IN(403), gold: 200 },
    },
    { method: "PUT", path: (f) => `/api/characters/${f.privateCharacter}/review`, json: () => ({ rating: 4 }), expect: OWNER_ONLY(403, 404, 403) },
    { method: "DELETE", path: (f) => `/api/characters/${f.publicCharacter}/review`, expect: SIGNED_IN(200) },
    { method: "DELETE", path: (f) => `/api/characters/${f.privateCharacter}/review`, expect: OWNER_ONLY(200, 404, 200) },
    { path: (f) => `/api/characters/${f.publicCharacter}/review`, expect: ALL(405) },
  ],
  "api.characters.$id.reviews.tsx": [
    { path: (f) => `/api/characters/${f.publicCharacter}/reviews`, expect: ALL(200) },
    { path: (f) => `/api/characters/${f.privateCharacter}/reviews`, expect: { ...OWNER_ONLY(200, 404, 200), guest: 404 } },
  ],
  "api.reviews.$id.reply.tsx": [
    { method: "POST", path: (f) => `/api/reviews/${f.ownerReview}/reply`, json: () => ({ text: "Thank you!" }), expect: { ...SIGNED_IN(403), owner: 200 } },
    { method: "POST", path: () => "/api/reviews/nosuchreview0001/reply", json: () => ({ text: "Thank you!" }), expect: SIGNED_IN(404) },
    { path: (f) => `/api/reviews/${f.ownerReview}/reply`, expect: ALL(405) },
  ],
  "api.reviews.$id.tsx": [
    {
      method: "DELETE",
      path: (f) => `/api/reviews/${f.ownerReview}`,
      json: () => ({ reason: "Spam" }),
      expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 },
    },
    { path: (f) => `/api/reviews/${f.ownerReview}`, expect: ALL(405) },
  ],
  // The bell (issue 64): only one's own notifications.
  "api.notifications.tsx": [
    { path: () => "/api/notifications", expect: SIGNED_IN(200) },
    { method: "POST", path: () => "/api/notifications", json: () => ({ all: true }), expect: SIGNED_IN(200) },
    { method: "POST", path: () => "/api/notifications", json: () => ({ ids: ["matrixnotice0001"] }), expect: SIGNED_IN(200) },
  ],
  // Voice calls (issue 63): opened on a chat the person may have; a call's id is looked up in the person's own object only.
  "api.calls.tsx": [
    { method: "POST", path: () => "/api/calls", json: (f) => ({ characterId: f.publicCharacter }), expect: SIGNED_IN(201) },
    { method: "POST", path: () => "/api/calls", json: (f) => ({ characterId: f.privateCharacter }), expect: OWNER_ONLY(201, 404, 201) },
    { method: "POST", path: () => "/api/calls", json: (f) => ({ groupId: f.ownerGroup }), expect: OWNER_ONLY(201, 404, 404) },
    { path: () => "/api/calls", expect: ALL(405) },
  ],
  "api.calls.$callId.tsx": [
    { method: "DELETE", path: () => "/api/calls/matrixcall000001", expect: SIGNED_IN(200) },
    { path: () => "/api/calls/matrixcall000001", expect: ALL(405) },
  ],
  "api.calls.$callId.hear.tsx": [
    // A picture is not a turn's audio: refused before anything is charged or heard.
    {
      method: "POST",
      path: () => "/api/calls/matrixcall000001/hear",
      file: (f) => ({ field: "audio", bytes: f.png, name: "turn.wav" }),
      expect: SIGNED_IN(400),
    },
    { path: () => "/api/calls/matrixcall000001/hear", expect: ALL(405) },
  ],
  "api.calls.$callId.say.tsx": [
    // Another person's call (or none) is not in this person's object: the call has ended for them.
    { method: "POST", path: () => "/api/calls/matrixcall000001/say", json: () => ({ text: "Hello." }), expect: SIGNED_IN(409) },
    { path: () => "/api/calls/matrixcall000001/say", expect: ALL(405) },
  ],
  "api.chats.$characterId.memory.summary.tsx": [
    // The owner's chat has too few messages to summarise: 400 says so; GOLD's own chat (made for rating, issue 64) has enough.
    { method: "POST", path: (f) => `/api/chats/${f.publicCharacter}/memory/summary`, expect: { ...SIGNED_IN(400), gold: 200 } },
    { method: "POST", path: (f) => `/api/chats/${f.privateCharacter}/memory/summary`, expect: OWNER_ONLY(400, 404, 400) },
    { path: (f) => `/api/chats/${f.publicCharacter}/memory/summary`, expect: ALL(405) },
  ],
  "api.chats.$characterId.memory.pins._index.tsx": [
    {
      method: "POST",
      path: (f) => `/api/chats/${f.publicCharacter}/memory/pins`,
      json: (f) => ({ messageId: f.ownerMessage }),
      expect: OWNER_ONLY(201, 404),
    },
    { method: "POST", path: (f) => `/api/chats/${f.publicCharacter}/memory/pins`, json: () => ({ text: "My sister is called Ilse." }), expect: SIGNED_IN(201) },
    { path: (f) => `/api/chats/${f.publicCharacter}/memory/pins`, expect: ALL(405) },
  ],
  "api.chats.$characterId.memory.pins.$pinId.tsx": [
    {
      method: "PATCH",
      path: (f) => `/api/chats/${f.publicCharacter}/memory/pins/${f.ownerPin}`,
      json: () => ({ text: "Her sister is Ilse." }),
      expect: OWNER_ONLY(200, 404),
    },
    { method: "DELETE", path: (f) => `/api/chats/${f.publicCharacter}/memory/pins/${f.ownerPin}`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.chats.$characterId.leaf.tsx": [
    { method: "PUT", path: (f) => `/api/chats/${f.publicCharacter}/leaf`, json: (f) => ({ messageId: f.ownerMessage }), expect: OWNER_ONLY(200, 404) },
  ],
  "api.chats.$characterId.messages.$messageId._index.tsx": [
    {
      method: "PUT",
      path: (f) => `/api/chats/${f.publicCharacter}/messages/${f.ownerMessage}`,
      json: () => ({ content: "Edited." }),
      expect: OWNER_ONLY(200, 404),
    },
    { method: "DELETE", path: (f) => `/api/chats/${f.publicCharacter}/messages/${f.ownerMessage}`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.chats.$characterId.messages.$messageId.continue.tsx": [
    { method: "POST", path: (f) => `/api/chats/${f.publicCharacter}/messages/${f.ownerMessage}/continue`, json: () => ({}), expect: OWNER_ONLY(200, 404) },
  ],
  "api.chats.$characterId.messages.$messageId.regenerate.tsx": [
    { method: "POST", path: (f) => `/api/chats/${f.publicCharacter}/messages/${f.ownerMessage}/regenerate`, json: () => ({}), expect: OWNER_ONLY(200, 404) },
  ],
  "api.chats.$characterId.messages.$messageId.memory.tsx": [
    { path: (f) => `/api/chats/${f.publicCharacter}/messages/${f.ownerMessage}/memory`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.chats.$characterId.messages.$messageId.stop.tsx": [
    {
      method: "POST",
      path: (f) => `/api/chats/${f.publicCharacter}/messages/${f.ownerMessage}/stop`,
      json: () => ({ content: "Stopped." }),
      expect: OWNER_ONLY(200, 404),
    },
  ],
  "api.chats.$characterId.messages._index.tsx": [
    { method: "POST", path: (f) => `/api/chats/${f.publicCharacter}/messages`, json: () => ({ content: "Hello there." }), expect: SIGNED_IN(200) },
    {
      method: "POST",
      path: (f) => `/api/chats/${f.privateCharacter}/messages`,
      json: () => ({ content: "Hello there." }),
      expect: { others: 404, owner: 200, moderator: 200, admin: 200, guest: 401, banned: 403 },
    },
  ],
  "api.chats.$characterId.messages.$messageId.image.tsx": [
    { method: "POST", path: (f) => `/api/chats/${f.publicCharacter}/messages/${f.ownerMessage}/image`, json: () => ({}), expect: OWNER_ONLY(202, 404) },
    { path: (f) => `/api/chats/${f.publicCharacter}/messages/${f.ownerMessage}/image`, expect: ALL(405) },
  ],
  "api.images._index.tsx": [
    { path: () => "/api/images", expect: SIGNED_IN(200) },
    { method: "POST", path: () => "/api/images", json: () => ({ prompt: "a lighthouse at dawn", model: "anime" }), expect: SIGNED_IN(202) },
    {
      method: "POST",
      path: () => "/api/images",
      json: (f) => ({ prompt: "a lighthouse", model: "anime", messageId: f.ownerMessage }),
      expect: OWNER_ONLY(202, 404),
    },
  ],
  "api.images.$id.tsx": [
    { path: (f) => `/api/images/${f.ownerImage}`, expect: OWNER_ONLY(200, 404) },
    { method: "PATCH", path: (f) => `/api/images/${f.ownerImage}`, json: () => ({ shared: true }), expect: OWNER_ONLY(200, 404) },
    { method: "DELETE", path: (f) => `/api/images/${f.ownerImage}`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.events.tsx": [
    { method: "POST", path: () => "/api/events", json: () => ({ kind: "upgrade_click", from: "composer" }), expect: ALL(204) },
    { path: () => "/api/events", expect: ALL(405) },
  ],
  "api.images.$id.chat.tsx": [
    { path: (f) => `/api/images/${f.ownerImage}/chat`, expect: OWNER_ONLY(200, 404) },
    {
      method: "POST",
      path: (f) => `/api/images/${f.ownerImage}/chat`,
      json: (f) => ({ characterId: f.publicCharacter }),
      expect: OWNER_ONLY(200, 404),
    },
  ],
  "images.$id.tsx": [page((f) => `/images/${f.ownerImage}`, { others: 404, owner: 200, banned: 403 })],
  "api.me.tsx": [{ path: () => "/api/me", expect: SIGNED_IN(200) }],
  "api.patreon-connections.tsx": [{ path: () => "/api/patreon-connections", expect: SIGNED_IN(200) }],
  "api.personas.$id.tsx": [
    {
      method: "PUT",
      path: (f) => `/api/personas/${f.ownerPersona}`,
      json: () => ({ name: "Renamed", persona: "Someone else now." }),
      expect: OWNER_ONLY(200, 404),
    },
    { method: "DELETE", path: (f) => `/api/personas/${f.ownerPersona}`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.personas._index.tsx": [
    { path: () => "/api/personas", expect: SIGNED_IN(200) },
    { method: "POST", path: () => "/api/personas", json: () => ({ name: "Matrix", persona: "A tester." }), expect: SIGNED_IN(200) },
  ],
  "api.welcome.tsx": [
    { method: "POST", path: () => "/api/welcome", json: () => ({ skip: true }), expect: SIGNED_IN(200) },
    { method: "POST", path: () => "/api/welcome", json: () => ({ name: "Matrix", persona: "A tester." }), expect: SIGNED_IN(200) },
  ],
  "api.preference.tsx": [{ method: "POST", path: () => "/api/preference", json: () => ({ key: "showImages", value: false }), expect: SIGNED_IN(200) }],
  "api.profile.connect.code.tsx": [
    {
      method: "PUT",
      path: () => "/api/profile/connect/code",
      json: () => ({ code: "123456", patreonEmail: "nobody-sent@example.com" }),
      expect: SIGNED_IN(400),
    },
  ],
  "api.profile.connect.email.tsx": [
    { method: "PUT", path: () => "/api/profile/connect/email", json: () => ({ patreonEmail: "matrix-patron@example.com" }), expect: SIGNED_IN(200) },
  ],
  "api.profile.content-tags.tsx": [{ method: "PUT", path: () => "/api/profile/content-tags", json: () => ({ tags: [] }), expect: SIGNED_IN(200) }],
  "api.profile.tags.tsx": [{ method: "PUT", path: () => "/api/profile/tags", json: () => ({ tags: [] }), expect: SIGNED_IN(200) }],
  "api.profile.update.tsx": [{ method: "PUT", path: () => "/api/profile/update", json: () => ({ description: "Matrix." }), expect: SIGNED_IN(200) }],
  "api.shorten.tsx": [{ method: "POST", path: () => "/api/shorten", json: () => ({ originalUrl: "/faq" }), expect: ALL(201) }],
  "api.speech.tsx": [
    { method: "POST", path: () => "/api/speech", json: (f) => ({ characterId: f.publicCharacter, messageId: f.ownerMessage }), expect: OWNER_ONLY(200, 404) },
  ],
  "api.status.$id.tsx": [{ path: (f) => `/api/status/${f.ownerJob}`, expect: OWNER_ONLY(200, 404) }],
  "api.webhooks.patreon.tsx": [{ method: "POST", path: () => "/api/webhooks/patreon", json: () => ({ data: {} }), expect: ALL(401) }],
  "characters.$id.edit.tsx": [page((f) => `/characters/${f.publicCharacter}/edit`, { others: 403, owner: 200, guest: 302, banned: 403 })],
  "characters._index.tsx": [page("/characters", ALL(200))],
  "characters.chat.$id.tsx": [
    page((f) => `/characters/chat/${f.publicCharacter}`, ALL(200)),
    page((f) => `/characters/chat/${f.privateCharacter}`, { others: 404, owner: 200, moderator: 200, admin: 200, banned: 403 }),
  ],
  "characters.create.tsx": [page("/characters/create", SIGNED_IN_PAGE())],
  "characters.creator-hub.tsx": [page("/characters/creator-hub", SIGNED_IN_PAGE())],
  "characters.favorite.tsx": [page("/characters/favorite", SIGNED_IN_PAGE())],
  "characters.following.tsx": [page("/characters/following", SIGNED_IN_PAGE())],
  "characters.private.tsx": [page("/characters/private", SIGNED_IN_PAGE())],
  "characters.random.tsx": [page("/characters/random", ALL(200))],
  "characters.recent.tsx": [page("/characters/recent", ALL(200))],
  "characters.tags.$slug.tsx": [page("/characters/tags/female", ALL(200))],
  "characters.tags._index.tsx": [page("/characters/tags", ALL(200))],
  "dev.outbox.tsx": [{ ...page("/dev/outbox", ALL(200)), devOnly: true }],
  "dev.outbox[.json].tsx": [{ path: () => "/dev/outbox.json", expect: ALL(200), devOnly: true }],
  "faq.tsx": [page("/faq", ALL(200))],
  "images.playground.tsx": [page("/images/playground", SIGNED_IN_PAGE())],
  "link.$code.tsx": [{ path: (f) => `/link/${f.shortCode}`, expect: ALL(302) }],
  "media.$.tsx": [
    { path: (f) => `/media/${f.mediaKey}`, expect: ALL(200) },
    // A private character's thumbnail and an unshared picture are their owner's (decision 026).
    { path: (f) => `/media/thumbnails/${f.privateCharacter}-pic.png`, expect: { others: 404, owner: 200, moderator: 200, admin: 200, banned: 403 } },
    { path: () => "/media/images/matriximage00001.png", expect: { others: 404, owner: 200, banned: 403 } },
  ],
  "mods.analytics.tsx": [page("/mods/analytics", { others: 403, admin: 200, guest: 302, banned: 403 })],
  "mods.modcentral.tsx": [page("/mods/modcentral", { others: 403, moderator: 200, admin: 200, guest: 302, banned: 403 })],
  "api.reports.tsx": [
    {
      method: "POST",
      path: () => "/api/reports",
      json: (f) => ({ targetType: "review", targetId: f.ownerReview, reason: "spam" }),
      expect: SIGNED_IN(201),
    },
    {
      method: "POST",
      path: () => "/api/reports",
      json: (f) => ({ targetType: "character", targetId: f.publicCharacter, reason: "spam" }),
      expect: SIGNED_IN(201),
    },
    {
      method: "POST",
      path: () => "/api/reports",
      json: (f) => ({ targetType: "character", targetId: f.privateCharacter, reason: "spam" }),
      expect: OWNER_ONLY(409, 404, 201),
    },
    {
      method: "POST",
      path: () => "/api/reports",
      json: (f) => ({ targetType: "message", targetId: f.ownerMessage, reason: "other" }),
      expect: OWNER_ONLY(201, 404),
    },
    { path: () => "/api/reports", expect: ALL(405) },
  ],
  "api.mods.reports._index.tsx": [
    { path: () => "/api/mods/reports?status=open", expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 } },
  ],
  "api.mods.reports.$id.resolve.tsx": [
    {
      method: "POST",
      path: (f) => `/api/mods/reports/${f.ownerReport}/resolve`,
      json: () => ({ action: "dismiss" }),
      expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 },
    },
    { path: (f) => `/api/mods/reports/${f.ownerReport}/resolve`, expect: ALL(405) },
  ],
  "api.mods.screen._index.tsx": [{ path: () => "/api/mods/screen", expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 } }],
  "api.mods.screen.$id.tsx": [
    {
      method: "POST",
      path: (f) => `/api/mods/screen/${f.ownerScreenEvent}`,
      json: () => ({ decision: "approve" }),
      expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 },
    },
    { path: (f) => `/api/mods/screen/${f.ownerScreenEvent}`, expect: ALL(405) },
  ],
  "api.mods.users._index.tsx": [{ path: () => "/api/mods/users?q=matrix-free", expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 } }],
  "api.mods.users.$id.ban.tsx": [
    {
      method: "POST",
      path: (f) => `/api/mods/users/${f.ownerId}/ban`,
      json: () => ({ reason: "Matrix ban" }),
      expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 },
    },
    // Another moderator: only the admin may ban them (decision 026).
    {
      method: "POST",
      path: (f) => `/api/mods/users/${f.otherModerator}/ban`,
      json: () => ({ reason: "Matrix ban of a moderator" }),
      expect: { others: 403, admin: 200, guest: 401, banned: 403 },
    },
    { path: (f) => `/api/mods/users/${f.ownerId}/ban`, expect: ALL(405) },
  ],
  "api.mods.users.$id.unban.tsx": [
    {
      method: "POST",
      path: (f) => `/api/mods/users/${f.ownerId}/unban`,
      json: () => ({}),
      expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 },
    },
    {
      method: "POST",
      path: (f) => `/api/mods/users/${f.otherModerator}/unban`,
      json: () => ({}),
      expect: { others: 403, admin: 200, guest: 401, banned: 403 },
    },
    { path: (f) => `/api/mods/users/${f.ownerId}/unban`, expect: ALL(405) },
  ],
  "api.admin.analytics.tsx": [
    { path: () => "/api/admin/analytics", expect: { others: 403, admin: 200, guest: 401, banned: 403 } },
    { method: "POST", path: () => "/api/admin/analytics", json: () => ({}), expect: { others: 403, admin: 200, guest: 401, banned: 403 } },
  ],
  "api.mods.announcements._index.tsx": [
    {
      method: "POST",
      path: () => "/api/mods/announcements",
      json: () => ({ title: `Matrix news ${Math.random()}`, content: ["Hello."] }),
      expect: { others: 403, moderator: 201, admin: 201, guest: 401, banned: 403 },
    },
    { path: () => "/api/mods/announcements", expect: ALL(405) },
  ],
  "api.mods.announcements.$id.tsx": [
    {
      method: "PUT",
      path: () => "/api/mods/announcements/matrixnonews0001",
      json: () => ({ title: "Gone", content: ["x"] }),
      expect: { others: 403, moderator: 404, admin: 404, guest: 401, banned: 403 },
    },
    { method: "DELETE", path: () => "/api/mods/announcements/matrixnonews0001", expect: { others: 403, moderator: 404, admin: 404, guest: 401, banned: 403 } },
  ],
  "api.mods.announcements.images.tsx": [
    {
      method: "POST",
      path: () => "/api/mods/announcements/images",
      file: (f) => ({ field: "file", bytes: f.png, name: "news.png" }),
      expect: { others: 403, moderator: 201, admin: 201, guest: 401, banned: 403 },
    },
  ],
  "api.mods.audit.tsx": [{ path: () => "/api/mods/audit", expect: { others: 403, moderator: 200, admin: 200, guest: 401, banned: 403 } }],
  "news-updates.tsx": [page("/news-updates", ALL(200))],
  "personas.tsx": [page("/personas", SIGNED_IN_PAGE())],
  "pricing.tsx": [page("/pricing", ALL(200))],
  "privacy-policy.tsx": [page("/privacy-policy", ALL(200))],
  "profile.$id.tsx": [page((f) => `/profile/${f.ownerId}`, ALL(200))],
  "robots[.]txt.tsx": [{ path: () => "/robots.txt", expect: ALL(200) }],
  "rules.tsx": [page("/rules", ALL(200))],
  "signin.confirm.tsx": [page("/signin/confirm?t=not-a-token", ALL(302))],
  "signout.tsx": [page("/signout", ALL(200))],
  "sitemap[.]xml.tsx": [{ path: () => "/sitemap.xml", expect: ALL(200) }],
  "api.groups._index.tsx": [
    { path: () => "/api/groups", expect: SIGNED_IN(200) },
    { method: "POST", path: () => "/api/groups", json: (f) => ({ characterIds: [f.publicCharacter, "matrixgroupchar2"] }), expect: SIGNED_IN(201) },
    {
      method: "POST",
      path: () => "/api/groups",
      json: (f) => ({ characterIds: [f.publicCharacter, f.privateCharacter] }),
      expect: { ...SIGNED_IN(400), owner: 201, moderator: 201, admin: 201 },
    },
    { method: "PUT", path: () => "/api/groups", expect: ALL(405) },
  ],
  "api.groups.$id._index.tsx": [
    { path: (f) => `/api/groups/${f.ownerGroup}`, expect: OWNER_ONLY(200, 404) },
    { method: "PATCH", path: (f) => `/api/groups/${f.ownerGroup}`, json: () => ({ mode: "turn" }), expect: OWNER_ONLY(200, 404) },
    { method: "DELETE", path: (f) => `/api/groups/${f.ownerGroup}`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.groups.$id.messages.tsx": [
    { method: "POST", path: (f) => `/api/groups/${f.ownerGroup}/messages`, json: () => ({ content: "Hello, both." }), expect: OWNER_ONLY(200, 404) },
    { path: (f) => `/api/groups/${f.ownerGroup}/messages`, expect: ALL(405) },
  ],
  "api.groups.$id.messages.$messageId.memory.tsx": [
    { path: (f) => `/api/groups/${f.ownerGroup}/messages/matrixgroupmsg01/memory`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.groups.$id.messages.$messageId.stop.tsx": [
    {
      method: "POST",
      path: (f) => `/api/groups/${f.ownerGroup}/messages/matrixgroupmsg01/stop`,
      json: () => ({ content: "Stopped." }),
      expect: OWNER_ONLY(200, 404),
    },
  ],
  "api.groups.$id.leaf.tsx": [
    { method: "PUT", path: (f) => `/api/groups/${f.ownerGroup}/leaf`, json: () => ({ messageId: "matrixgroupmsg01" }), expect: OWNER_ONLY(200, 404) },
  ],
  "api.groups.$id.messages.$messageId._index.tsx": [
    { method: "PUT", path: (f) => `/api/groups/${f.ownerGroup}/messages/matrixgroupmsg01`, json: () => ({ content: "Edited." }), expect: OWNER_ONLY(200, 404) },
    { method: "DELETE", path: (f) => `/api/groups/${f.ownerGroup}/messages/matrixgroupmsg01`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.groups.$id.messages.$messageId.regenerate.tsx": [
    { method: "POST", path: (f) => `/api/groups/${f.ownerGroup}/messages/matrixgroupmsg01/regenerate`, json: () => ({}), expect: OWNER_ONLY(400, 404) },
  ],
  "api.groups.$id.messages.$messageId.continue.tsx": [
    // The fixture's reply is still being written: the owner is told only a finished reply goes on; nobody else reaches it.
    { method: "POST", path: (f) => `/api/groups/${f.ownerGroup}/messages/matrixgroupmsg01/continue`, json: () => ({}), expect: OWNER_ONLY(400, 404) },
  ],
  "api.groups.$id.messages.$messageId.image.tsx": [
    // The fixture's reply is still being written: the owner is told there is no scene yet; nobody else reaches it.
    { method: "POST", path: (f) => `/api/groups/${f.ownerGroup}/messages/matrixgroupmsg01/image`, json: () => ({}), expect: OWNER_ONLY(400, 404) },
  ],
  "api.groups.$id.messages.$messageId.speech.tsx": [
    { method: "POST", path: (f) => `/api/groups/${f.ownerGroup}/messages/matrixgroupmsg01/speech`, json: () => ({}), expect: OWNER_ONLY(200, 404) },
  ],
  "api.groups.$id.memory._index.tsx": [
    { path: (f) => `/api/groups/${f.ownerGroup}/memory`, expect: OWNER_ONLY(200, 404) },
    { method: "PUT", path: (f) => `/api/groups/${f.ownerGroup}/memory`, json: () => ({ summary: "They met." }), expect: OWNER_ONLY(400, 404) },
    { method: "DELETE", path: (f) => `/api/groups/${f.ownerGroup}/memory`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.groups.$id.memory.pins._index.tsx": [
    {
      method: "POST",
      path: (f) => `/api/groups/${f.ownerGroup}/memory/pins`,
      json: () => ({ text: "The lamp is lit at dusk." }),
      expect: OWNER_ONLY(201, 404),
    },
    { path: (f) => `/api/groups/${f.ownerGroup}/memory/pins`, expect: ALL(405) },
  ],
  "api.groups.$id.memory.pins.$pinId.tsx": [
    {
      method: "PATCH",
      path: (f) => `/api/groups/${f.ownerGroup}/memory/pins/matrixgrouppin01`,
      json: () => ({ text: "Changed." }),
      expect: OWNER_ONLY(200, 404),
    },
    { method: "DELETE", path: (f) => `/api/groups/${f.ownerGroup}/memory/pins/matrixgrouppin01`, expect: OWNER_ONLY(200, 404) },
  ],
  "characters.groups._index.tsx": [page("/characters/groups", SIGNED_IN_PAGE())],
  "characters.groups.$id.tsx": [page((f) => `/characters/groups/${f.ownerGroup}`, { others: 404, owner: 200, guest: 302, banned: 403 })],
  "api.groups.$id.live.tsx": [{ path: (f) => `/api/groups/${f.ownerGroup}/live`, expect: SIGNED_IN(426) }],
  "story._index.tsx": [page("/story", SIGNED_IN_PAGE())],
  "story.$id.tsx": [page((f) => `/story/${f.ownerStory}`, { others: 404, owner: 200, guest: 302, banned: 403 })],
  "api.story._index.tsx": [{ path: () => "/api/story", expect: SIGNED_IN(200) }],
  "api.story.generate.tsx": [
    { method: "POST", path: () => "/api/story/generate", json: (f) => ({ characterIds: [f.publicCharacter], genre: "Fantasy" }), expect: SIGNED_IN(200) },
    {
      method: "POST",
      path: () => "/api/story/generate",
      json: (f) => ({ characterIds: [f.privateCharacter], genre: "Fantasy" }),
      expect: OWNER_ONLY(200, 404, 200),
    },
    { method: "POST", path: () => "/api/story/generate", json: (f) => ({ storyId: f.ownerStory, choiceId: "matrixc2" }), expect: OWNER_ONLY(200, 404) },
    { path: () => "/api/story/generate", expect: ALL(405) },
  ],
  "api.story.chat.message.create.tsx": [
    {
      method: "POST",
      path: () => "/api/story/chat/message/create",
      json: (f) => ({ storyId: f.ownerStory, content: "I write this part." }),
      expect: OWNER_ONLY(201, 404),
    },
    { path: () => "/api/story/chat/message/create", expect: ALL(405) },
  ],
  "api.story.$id._index.tsx": [
    { path: (f) => `/api/story/${f.ownerStory}`, expect: OWNER_ONLY(200, 404) },
    { method: "PATCH", path: (f) => `/api/story/${f.ownerStory}`, json: () => ({ title: "Renamed story" }), expect: OWNER_ONLY(200, 404) },
    { method: "DELETE", path: (f) => `/api/story/${f.ownerStory}`, expect: OWNER_ONLY(200, 404) },
  ],
  "api.story.$id.undo.tsx": [
    { method: "POST", path: (f) => `/api/story/${f.ownerStory}/undo`, expect: OWNER_ONLY(200, 404) },
    { path: (f) => `/api/story/${f.ownerStory}/undo`, expect: ALL(405) },
  ],
  "terms-of-use.tsx": [page("/terms-of-use", ALL(200))],
  "tips-tricks.tsx": [page("/tips-tricks", ALL(200))],
};
