import * as z from "zod";
import "~/lib/zod-config";
import { SAFETY_MESSAGE } from "~/spec/messages";
import { modeOf, type ScreenField } from "./fields";
import { screenOffline } from "./screen";

/**
 * How the one gate (issue 59) meets the schemas that parse what people send. Every string field of
 * every route's schema is one of two kinds, and says which:
 * - `screened(field, schema)`: free text. The offline screen runs as the field's own rule (so a form
 *   in the browser refuses what the server refuses, with the same message), and the field is marked
 *   for the gate, which asks the classifier about it before anything stores it (api.server.ts). Its
 *   parsed value is branded: only the gate turns it into the `ScreenedText` the models take.
 * - `plain(why, schema)`: not free text (an id, an email, a URL, a token, a choice from a list, a
 *   report to moderators), with the reason.
 * A test walks every route's schemas and fails on a string field that is neither.
 */
export const SCREENED = z.registry<{ field: ScreenField }>();
export const PLAIN = z.registry<{ why: PlainWhy }>();

/** Why a string field is not screened. */
export type PlainWhy =
  | "id"
  | "email"
  | "url"
  | "token"
  | "code"
  | "choice"
  | "date"
  | "tag"
  | "search"
  | "log"
  | "to-moderators"
  | "from-moderators"
  | "shown-text"
  | "answer"
  | "ignored";

/** The brand of a text the offline screen passed and the gate has still to confirm. */
export type Unconfirmed = z.$brand<"unconfirmed">;

/** A free-text field of `field`'s kind: the offline screen as its rule, marked for the gate. */
export function screened<T extends z.ZodType<string>>(field: ScreenField, schema: T) {
  const checked = schema.superRefine((text, ctx) => {
    const verdict = screenOffline(text, modeOf(field));
    if (!verdict.ok)
      ctx.addIssue({ code: "custom", message: SAFETY_MESSAGE(verdict.hit), input: text, params: { safety: verdict.rule, field, hit: verdict.hit, text } });
  });
  SCREENED.add(checked as z.ZodType, { field });
  return checked.brand<"unconfirmed">();
}

/** A string field that is not free text, and why. */
export function plain<T extends z.ZodType>(why: PlainWhy, schema: T): T {
  PLAIN.add(schema as z.ZodType, { why });
  return schema;
}

/** Where an unsafe string of a free value is reported: by default at the value, with the safety message. */
type IssueAt = (value: Record<string, unknown>, path: (string | number)[], why: string) => { path: (string | number)[]; message: string };

/**
 * A card's free fields (a record of any JSON): every string in it is screened as `field`, the offline
 * screen as the rule (`where` says where a refused string is reported) and the gate after it.
 */
export function screenedJson<T extends z.ZodType<Record<string, unknown> | null | undefined>>(field: ScreenField, schema: T, where?: IssueAt) {
  const checked = schema.superRefine((value, ctx) => {
    if (!value) return;
    for (const { path, text } of stringsWithPaths(value)) {
      const verdict = screenOffline(text, modeOf(field));
      if (verdict.ok) continue;
      const why = SAFETY_MESSAGE(verdict.hit);
      const at = where?.(value, path, why) ?? { path: [], message: why };
      ctx.addIssue({ code: "custom", path: at.path, message: at.message, input: text, params: { safety: verdict.rule, field, hit: verdict.hit, text } });
      return;
    }
  });
  SCREENED.add(checked as z.ZodType, { field });
  return checked.brand<"unconfirmed">();
}

/** Every string inside a JSON value, with its path. */
export function stringsWithPaths(value: unknown, path: (string | number)[] = [], out: { path: (string | number)[]; text: string }[] = []) {
  if (typeof value === "string") out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => stringsWithPaths(v, [...path, i], out));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) stringsWithPaths(v, [...path, k], out);
  return out;
}
