/**
 * The one safety gate (issue 59, decision 082). Every text a person or a model writes that is
 * stored, shown to others or sent to a model passes it: the offline screen first (screen.ts), then
 * the classifier the deployment names (lib/providers/moderation), with a timeout and, for what people
 * send, a daily budget per person. What it refuses, withholds, or cannot check is recorded for Mod
 * Central; a text the classifier could not check is held for review, neither passed nor lost.
 *
 * `ScreenedText` (screened.ts) is what passed. Only this module makes one (a lint rule forbids
 * casting to it elsewhere), and the model layer stores no free text of another type.
 */
import type { AppLoadContext } from "react-router";
import type { Db } from "~/db/client.server";
import type { Config } from "~/lib/config.server";
import { jsonError, badRequest } from "~/lib/http/http.server";
import { spendPerWindow } from "~/lib/http/rate-limit.server";
import { logError } from "~/lib/log";
import { moderatorFor } from "~/lib/providers/moderation/index.server";
import { ModerationUnavailable, type ModerationInput, type ModerationVerdict, type Moderator } from "~/lib/providers/moderation/types";
import type { WorkersAi } from "~/lib/providers/moderation/workers-ai.server";
import { approvedForAuthor, recordScreenEvent, type ScreenEventInput } from "~/models/screen-events.server";
import { SAFETY_MESSAGE, SCREEN_MESSAGES } from "~/spec/messages";
import { modeOf, type ScreenField } from "~/lib/safety/fields";
import type { Screened, ScreenedText } from "~/lib/safety/screened";
import { screenOffline, withoutStampedMoments, type OfflineVerdict, type ScreenMode } from "~/lib/safety/screen";

const passed = (text: string) => text as ScreenedText;

/** Why a text did not pass: refused by the screen or the classifier, or held because the classifier could not answer. */
export type Stopped =
  | { ok: false; field: ScreenField; source: "offline" | "classifier"; hit: string | null; rule: string }
  | { ok: false; field: ScreenField; source: "pending"; hit: null; rule: string };
export type Verdict = { ok: true; text: ScreenedText } | Stopped;

export type GateDeps = {
  config: Pick<Config, "moderation">;
  db: Db;
  env: { AI?: WorkersAi };
  /** Whose text it is (null: nobody's, a model's for no one in particular). */
  userId: string | null;
  /** Runs what need not hold the answer back (recording an event). */
  waitUntil?: (work: Promise<unknown>) => void;
  now?: () => Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many texts one classifier request carries (OpenAI's moderations take up to 32 inputs). */
const CLASSIFIER_BATCH = 32;

/** A text to screen: its field, its words, and for a model's text what it answers (the classifier reads it as a reply). */
export type GateItem = { field: ScreenField; text: string; author?: "person" | "model"; context?: string };

export class Gate {
  private moderator: Moderator | null | undefined;

  constructor(private readonly deps: GateDeps) {}

  private classifier() {
    if (this.moderator === undefined) this.moderator = moderatorFor(this.deps.config, this.deps.env);
    return this.moderator;
  }

  /** The label of the classifier behind the screen, or null when the offline screen decides alone. */
  get classifierLabel() {
    return this.classifier()?.label ?? null;
  }

  private record(event: Omit<ScreenEventInput, "userId">) {
    const work = recordScreenEvent(this.deps.db, { ...event, userId: this.deps.userId }).catch((error) => logError("screen event not recorded", error));
    if (this.deps.waitUntil) this.deps.waitUntil(work);
    return work;
  }

  /**
   * Screens texts; every one gets a verdict (none throws). Empty texts pass. What is stopped is
   * recorded for Mod Central. The classifier is asked about everything the offline screen passed, in
   * one call.
   */
  async check(items: GateItem[], options: { offline?: boolean } = {}): Promise<Verdict[]> {
    const now = this.deps.now?.() ?? new Date();
    // A text said again in the same call (a file's names on every line, a repeated line, a line's kept
    // fields that differ only by their date) is read once.
    const read = new Map<string, OfflineVerdict>();
    const screen = (text: string, mode: ScreenMode) => {
      const plain = withoutStampedMoments(text);
      const key = `${mode}\u0000${plain}`;
      let result = read.get(key);
      if (!result) read.set(key, (result = screenOffline(plain, mode, now)));
      return result;
    };
    const verdicts: (Verdict | null)[] = items.map((item) => {
      if (!item.text.trim()) return { ok: true, text: passed(item.text) };
      // A schema's field rule ran the offline screen already (form-rules.ts): only the classifier is left.
      if (options.offline === false) return null;
      const offline = screen(item.text, modeOf(item.field));
      return offline.ok ? null : { ok: false, field: item.field, source: "offline", hit: offline.hit, rule: offline.rule };
    });
    const moderator = this.classifier();
    const asked = items.map((item, i) => ({ item, i })).filter(({ i }) => verdicts[i] === null);
    if (moderator && asked.length) {
      let answers: ModerationVerdict[] | null = [];
      let failure = "unavailable";
      // In batches (a file's thousands of lines are not one request), each with the timeout.
      for (let start = 0; start < asked.length && answers; start += CLASSIFIER_BATCH) {
        try {
          const inputs: ModerationInput[] = asked
            .slice(start, start + CLASSIFIER_BATCH)
            .map(({ item }) => ({ text: item.text, author: item.author ?? "person", context: item.context }));
          answers.push(...(await moderator.check(inputs, AbortSignal.timeout(this.deps.config.moderation.timeoutMs))));
        } catch (error) {
          failure = error instanceof ModerationUnavailable ? error.message : "unavailable";
          if (!(error instanceof ModerationUnavailable)) logError("moderation failed", error);
          answers = null;
        }
      }
      // A text a moderator approved for its author passes (the classifier refused it wrongly, or could not answer): one read for all of them.
      const doubted = asked
        .filter(({ item }, k) => !(answers?.[k] && !answers[k].refused) && (item.author ?? "person") === "person")
        .map(({ item }) => item.text);
      const approved = this.deps.userId && doubted.length ? await approvedForAuthor(this.deps.db, this.deps.userId, doubted) : new Set<string>();
      for (const [k, { item, i }] of asked.entries()) {
        const answer = answers?.[k];
        if (answer && !answer.refused) verdicts[i] = { ok: true, text: passed(item.text) };
        else if ((item.author ?? "person") === "person" && approved.has(item.text)) verdicts[i] = { ok: true, text: passed(item.text) };
        else if (answer) verdicts[i] = { ok: false, field: item.field, source: "classifier", hit: null, rule: answer.categories.join(",") || "refused" };
        else verdicts[i] = { ok: false, field: item.field, source: "pending", hit: null, rule: failure };
      }
    }
    const done = verdicts.map((v, i) => v ?? ({ ok: true, text: passed(items[i].text) } as Verdict));
    for (const [i, v] of done.entries()) {
      if (v.ok) continue;
      const source = v.source === "pending" ? "pending" : items[i].author === "model" ? "withheld" : v.source;
      void this.record({ field: v.field, source, rule: v.rule, hit: v.hit, text: items[i].text });
    }
    return done;
  }

  /**
   * What a person sends, screened or answered: 400 with the safety message, 409 when it is held for
   * review (the person keeps their text), 429 past the day's budget of classified texts.
   */
  async require(items: GateItem[], options: { offline?: boolean } = {}): Promise<ScreenedText[]> {
    const asking = items.filter((item) => item.text.trim()).length;
    if (this.classifier() && this.deps.userId && asking)
      await spendPerWindow(this.deps.db, {
        key: `moderation:${this.deps.userId}`,
        amount: asking,
        limit: this.deps.config.moderation.dailyBudget,
        windowMs: DAY_MS,
        message: SCREEN_MESSAGES.budget,
      });
    const verdicts = await this.check(items, options);
    const stopped = verdicts.find((v): v is Stopped => !v.ok);
    if (stopped) throw answerFor(stopped);
    return verdicts.map((v) => (v as { text: ScreenedText }).text);
  }

  /** A body that failed its schema: what the offline screen refused in it (form-rules.ts marks those issues) is recorded for Mod Central. */
  recordOfflineRefusals(error: { issues: { params?: unknown; message: string }[] }) {
    for (const issue of error.issues) {
      // zod keeps an issue's params, not its input: the rule puts the text it refused there.
      const params = issue.params as { safety?: string; field?: ScreenField; hit?: string; text?: unknown } | undefined;
      if (!params?.safety || !params.field || typeof params.text !== "string") continue;
      void this.record({ field: params.field, source: "offline", rule: params.safety, hit: params.hit ?? null, text: params.text });
    }
  }

  /** A whole value a person sends (a card's fields): every string in it passes, or the answer is thrown. */
  async requireAll<T>(field: ScreenField, value: T): Promise<Screened<T>> {
    const texts: string[] = [];
    const collect = (v: unknown) => {
      if (typeof v === "string") texts.push(v);
      else if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === "object") Object.values(v).forEach(collect);
    };
    collect(value);
    await this.require(texts.map((text) => ({ field, text })));
    return value as Screened<T>;
  }

  /** One text a person sends (require, for one). */
  async one(field: ScreenField, text: string) {
    return (await this.require([{ field, text }]))[0];
  }
}

/**
 * A whole value whose every string passed (`verdicts`, one per string, all ok): the value as the
 * model layer takes it. Throws when one did not pass, so nothing unscreened is ever branded.
 */
export function screenedAll<T>(value: T, verdicts: Verdict[]): Screened<T> {
  if (verdicts.some((v) => !v.ok)) throw new Error("screenedAll: a text did not pass the gate");
  return value as Screened<T>;
}

/** The answer to a person's text that did not pass. */
export function answerFor(stopped: Stopped) {
  if (stopped.source === "pending") return jsonError(409, SCREEN_MESSAGES.pending, { code: "pending_review" });
  return badRequest(stopped.hit ? SAFETY_MESSAGE(stopped.hit) : SCREEN_MESSAGES.refused, { code: "unsafe", rule: stopped.rule });
}

/** The gate for one request or one piece of work. */
export const gate = (deps: GateDeps) => new Gate(deps);

/** The gate for a request: its configuration, its database session, and the person it is for. */
export const requestGate = (context: Pick<AppLoadContext, "config" | "db" | "env" | "ctx">, userId: string | null) =>
  gate({ config: context.config, db: context.db, env: context.env as { AI?: WorkersAi }, userId, waitUntil: (work) => context.ctx.waitUntil(work) });
