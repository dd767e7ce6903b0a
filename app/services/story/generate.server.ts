import type { AppLoadContext } from "react-router";
import * as z from "zod";
import { isId } from "~/db/ids";
import { usableModel, type Capabilities } from "~/lib/auth/capabilities";
import type { SessionUser } from "~/lib/auth/session-user";
import { shortName } from "~/lib/character-name";
import { FALLBACK_USER_NAME } from "~/lib/chat/prompt";
import { admitReply } from "~/services/chat/reply.server";
import { badRequest, jsonError, notFound } from "~/lib/http/http.server";
import { chatIdentity, defaultPersona } from "~/lib/personas";
import { textGenerator } from "~/lib/providers/text/index.server";
import { TextGenerationError } from "~/lib/providers/text/types";
import { censor } from "~/lib/safety/words";
import { requestGate } from "~/services/safety/safety-gate.server";
import type { Passed, ScreenedText } from "~/lib/safety/screened";
import { SentenceGate } from "~/lib/safety/sentences";
import { plain, screened } from "~/lib/safety/form-rules";
import { refundMessage, type Reservation } from "~/models/allowance.server";
import { relayForSession } from "~/models/chat.server";
import { accountSelfQuery, personasQuery } from "~/models/persona.server";
import { recordActivity } from "~/models/activity-events.server";
import { appendTurn, createStory, loadStory, storyCharacters, type LoadedStory, type StoryCharacter } from "~/models/story.server";
import { STORY_GENRES, STORY_LIMITS, STORY_MESSAGES } from "~/spec/story";
import { storyEvent, type StoryDone } from "~/lib/story/events";
import { parseStoryReply, partialStory } from "~/lib/story/parse";
import { buildStoryPrompt } from "~/lib/story/prompt";
import { storyPath } from "~/lib/story-tree";
import { logError } from "~/lib/log";

type Who = { user: SessionUser; can: Capabilities };

const optionalId = z.lazy(() => plain("id", z.string().max(64)).optional());

/** POST /api/story/generate: without `storyId` it starts a story; with it, it answers `parentId` (the tip by default). */
export const generateSchema = z.lazy(() =>
  z.object({
    storyId: optionalId,
    characterIds: z
      .array(plain("id", z.string().max(64)))
      .min(1, STORY_MESSAGES.pickCharacters)
      .max(STORY_LIMITS.charactersMax, STORY_MESSAGES.pickCharacters)
      .optional(),
    premise: screened("story.premise", z.string().trim().max(STORY_LIMITS.premiseMax, STORY_MESSAGES.premiseTooLong)).optional(),
    genre: z.enum(STORY_GENRES, STORY_MESSAGES.pickGenre).optional(),
    personaId: plain("id", z.string().max(64)).nullable().optional(),
    parentId: optionalId,
    choiceId: plain("id", z.string().max(64)).optional(),
    action: screened("story.action", z.string().trim().max(STORY_LIMITS.actionMax, STORY_MESSAGES.actionTooLong)).optional(),
  }),
);
type GenerateBody = Passed<typeof generateSchema>;

type Plan = {
  characters: StoryCharacter[];
  premise: string;
  genre: string;
  personaId: string | null;
  story: LoadedStory | null;
  parentId: string | null;
  action: { content: string; choiceId: string | null } | null;
};

/** What the turn answers, checked before anything is spent: 400 or 404 with a message otherwise. */
async function planTurn(context: AppLoadContext, who: Who, body: GenerateBody): Promise<Plan> {
  const db = context.db;
  if (!body.storyId) {
    const ids = [...new Set(body.characterIds ?? [])];
    if (!ids.length || !ids.every(isId)) throw badRequest(STORY_MESSAGES.pickCharacters, { fields: { characterIds: STORY_MESSAGES.pickCharacters } });
    const characters = await storyCharacters(db, who.user, ids);
    if (characters.length !== ids.length) throw notFound(STORY_MESSAGES.characterGone);
    if (!body.genre) throw badRequest(STORY_MESSAGES.pickGenre, { fields: { genre: STORY_MESSAGES.pickGenre } });
    const personaId = body.personaId && isId(body.personaId) ? body.personaId : null;
    return {
      characters,
      premise: body.premise || characters[0].scenario.trim(),
      genre: body.genre,
      personaId,
      story: null,
      parentId: null,
      action: null,
    };
  }
  const story = isId(body.storyId) ? await loadStory({ env: context.env, userId: who.user.id }, body.storyId) : null;
  if (!story) throw notFound(STORY_MESSAGES.notFound);
  const parentId = body.parentId ?? story.story.leafMessageId ?? storyPath(story.all, null).at(-1)?.id;
  const parent = story.all.find((m) => m.id === parentId);
  if (!parent || parent.role !== "story") throw badRequest(STORY_MESSAGES.passageGone);
  let action: Plan["action"];
  if (body.choiceId) {
    const choice = parent.choices.find((c) => c.id === body.choiceId);
    if (!choice) throw badRequest(STORY_MESSAGES.choiceGone);
    action = { content: choice.text, choiceId: choice.id };
  } else if (body.action) action = { content: body.action, choiceId: null };
  else throw badRequest(STORY_MESSAGES.chooseOrAct, { fields: { action: STORY_MESSAGES.chooseOrAct } });
  const characters = await storyCharacters(db, who.user, story.story.characterIds);
  if (!characters.length) throw notFound(STORY_MESSAGES.characterGone);
  return { characters, premise: story.story.premise, genre: story.story.genre, personaId: story.story.personaId, story, parentId: parent.id, action };
}

/** A title for a new story: the premise's first words, else the genre and the cast's short names (the cast shows under it). */
function titleFor(plan: Plan) {
  const premise = plan.premise.replace(/\{\{?\w+\}?\}/g, "").trim();
  const words = premise.split(/\s+/).filter(Boolean);
  const title = words.length
    ? `${words
        .slice(0, 8)
        .join(" ")
        .replace(/[,.;:!?]+$/, "")}${words.length > 8 ? "…" : ""}`
    : `A ${plan.genre.toLowerCase()} story with ${plan.characters.map((c) => shortName(c.name)).join(" & ")}`;
  return title.slice(0, STORY_LIMITS.titleMax);
}

/** A failure the person can read, with the code the page acts on. */
class StoryFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Writes one turn: the prompt, the backend's whole reply (with `onText` told the passage so far),
 * the parse, then the stored turn. Nothing is stored unless the reply parses; a failure gives the
 * reservation back and throws a StoryFailure.
 */
async function writeTurn(context: AppLoadContext, who: Who, plan: Plan, reservation: Reservation | null, onText: (text: string) => void): Promise<StoryDone> {
  const db = context.db;
  try {
    const [personas, [self]] = await db.batch([personasQuery(db, who.user.id), accountSelfQuery(db, who.user.id)]);
    const persona = personas.find((p) => p.id === plan.personaId) ?? defaultPersona(personas);
    const me = chatIdentity(persona, self ?? who.user, FALLBACK_USER_NAME);
    const userName = me.name;
    const history = plan.story ? storyPath(plan.story.all, plan.parentId).map((m) => ({ role: m.role, content: m.content, choices: m.choices })) : [];
    const maxTokens = STORY_LIMITS.passageTokens;
    const prompt = buildStoryPrompt({
      characters: plan.characters,
      premise: plan.premise,
      genre: plan.genre,
      userName,
      userPersona: me.persona,
      history,
      action: plan.action?.content ?? null,
      contextTokens: context.config.text.contextTokens,
      maxTokens,
    });
    const lead = plan.characters[0];
    let reply = "";
    let fed = 0;
    // The passage reaches the page a sentence at a time, each once the gate passed it (issue 59).
    const screening = requestGate(context, who.user.id);
    const asked = plan.action?.content ?? plan.premise;
    const passes = async (window: string) => {
      const [verdict] = await screening.check([{ field: "story.passage", text: window, author: "model", context: asked }]);
      return verdict.ok ? ({ ok: true } as const) : ({ ok: false, stop: verdict } as const);
    };
    const passage = new SentenceGate(passes, () => onText(censor(passage.shown.trim())));
    for await (const piece of textGenerator(context.config).stream({
      model: usableModel(who.can, null),
      messages: prompt,
      maxTokens,
      character: { name: lead.name, persona: lead.persona, scenario: lead.scenario, tags: lead.tags, userName },
      story: {
        characters: plan.characters.map((c) => ({ name: c.name, persona: c.persona, scenario: c.scenario, tags: c.tags })),
        premise: plan.premise,
        genre: plan.genre,
        userName,
        action: plan.action?.content ?? null,
        turn: history.filter((m) => m.role === "story").length,
      },
      seed: `${plan.story?.story.id ?? "new"}:${plan.parentId ?? ""}:${plan.action?.content ?? ""}:${Date.now()}`,
    })) {
      if (passage.stopped) break;
      reply += piece;
      const text = partialStory(reply);
      if (text !== null && text.length > fed) {
        passage.push(text.slice(fed));
        fed = text.length;
      }
    }
    const turn = passage.stopped ? null : parseStoryReply(reply);
    if (!passage.stopped && (!turn || !turn.story)) throw new StoryFailure(STORY_MESSAGES.invalidResponse, "invalid_ai_response", 502);
    if (turn && turn.story.length > fed && turn.story.startsWith(passage.shown)) passage.push(turn.story.slice(fed));
    await passage.finish();
    if (passage.stopped || !turn) throw new StoryFailure(STORY_MESSAGES.withheld, "withheld", 422);
    // Everything the turn stores passes the gate as it is stored, in one call: the passage (shown a
    // sentence at a time already), its choices, the person's action, and a new story's title and premise.
    const isNew = !plan.story;
    const stored = await screening.check([
      { field: "story.passage", text: censor(passage.shown.trim()), author: "model", context: asked },
      ...turn.choices.map((c) => ({ field: "story.passage" as const, text: censor(c.text), author: "model" as const, context: asked })),
      { field: "story.action", text: plan.action?.content ?? "" },
      { field: "story.title", text: isNew ? titleFor(plan) : "" },
      { field: "story.premise", text: isNew ? plan.premise : "" },
    ]);
    const passed = stored.map((v) => (v.ok ? v.text : null));
    if (passed.some((text) => text === null)) throw new StoryFailure(STORY_MESSAGES.withheld, "withheld", 422);
    const [content, ...rest] = passed as ScreenedText[];
    const [action, title, premise] = rest.slice(turn.choices.length);
    const written = { content, choices: turn.choices.map((c, i) => ({ id: c.id, text: rest[i] })) };
    recordActivity(context, [{ kind: "turn", userId: who.user.id }]);
    if (!plan.story) {
      const made = await createStory(
        context,
        { env: context.env, userId: who.user.id },
        {
          title,
          characterIds: plan.characters.map((c) => c.id),
          premise,
          genre: plan.genre,
          personaId: persona?.id ?? null,
        },
        written,
      );
      return { ...made, actionId: null, story: written.content, choices: written.choices };
    }
    const made = await appendTurn(
      { env: context.env, userId: who.user.id },
      { storyId: plan.story.story.id, parentId: plan.parentId, action: plan.action && { content: action, choiceId: plan.action.choiceId }, passage: written },
    );
    // Deleted while its turn was written.
    if (!made) throw new StoryFailure(STORY_MESSAGES.notFound, "not_found", 404);
    return { storyId: plan.story.story.id, ...made, story: written.content, choices: written.choices };
  } catch (error) {
    if (reservation) await refundMessage(context.env, reservation, context.config.allowance).catch((e) => logError("story refund failed", e));
    if (error instanceof StoryFailure) throw error;
    if (error instanceof TextGenerationError) throw new StoryFailure(error.message, "generation_failed", 502);
    logError("story generation failed", error);
    throw new StoryFailure(STORY_MESSAGES.failed, "generation_failed", 502);
  }
}

/**
 * One story turn. `Accept: text/event-stream` streams `passage` events and then `done` or `error`
 * (generation goes on under waitUntil if the browser leaves); otherwise the answer is the JSON
 * `{ storyId, messageId, story, choices }` once the passage is stored.
 */
export async function generateStory(context: AppLoadContext, request: Request, who: Who, body: GenerateBody) {
  const plan = await planTurn(context, who, body);
  const reservation = await admitReply(context, who);
  if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) {
    // Under waitUntil too: a caller that goes away still gets its turn stored (or its message back).
    const work = writeTurn(context, who, plan, reservation, () => undefined);
    context.ctx.waitUntil(work.catch(() => undefined));
    try {
      return await work;
    } catch (error) {
      const failure = error as StoryFailure;
      throw jsonError(failure.status, failure.message, { code: failure.code });
    }
  }
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  let gone = false;
  const send = (chunk: Uint8Array) => {
    if (!gone) writer.write(chunk).catch(() => (gone = true));
  };
  const run = async () => {
    try {
      send(storyEvent("done", await writeTurn(context, who, plan, reservation, (text) => send(storyEvent("passage", { text })))));
    } catch (error) {
      const failure = error as StoryFailure;
      send(storyEvent("error", { error: failure.message, code: failure.code }));
    } finally {
      if (!gone) writer.close().catch(() => undefined);
    }
  };
  context.ctx.waitUntil(run());
  // Carried through the person's object, so the session's end (sign-out, a ban) cuts the page's stream (issue 58).
  const events = await relayForSession({ env: context.env, userId: who.user.id }, context.sessionId, readable);
  return new Response(events, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}
