import type * as z from "zod";
import type { Unconfirmed } from "./form-rules";

/**
 * The type of text that passed the one safety gate (issue 59, decision 082). Only the gate
 * (app/services/safety/safety-gate.server.ts) makes one; a lint rule forbids casting to these types anywhere else, and the
 * model layer takes no free text of another type. Pure: the models and the forms import it.
 */
declare const screened: unique symbol;
/** What passed the gate: a text, or a card's free fields, every string of which passed. */
export type Screened<T> = T & { readonly [screened]: true };
/** A text that passed the gate. */
export type ScreenedText = Screened<string>;

/**
 * A parsed body after the gate: each field its schema marks `screened` is a `ScreenedText` (a card's
 * free fields, a `Screened` record), the only text the models take.
 */
export type Confirmed<T> = T extends Unconfirmed
  ? T extends string
    ? ScreenedText
    : Screened<Record<string, unknown>>
  : T extends (infer U)[]
    ? Confirmed<U>[]
    : T extends Date | File | Blob
      ? T
      : T extends object
        ? { [K in keyof T]: Confirmed<T[K]> }
        : T;
/** What a schema parses, once the gate has passed its screened fields. */
export type Passed<S extends z.ZodType> = Confirmed<z.output<S>>;

/** The empty text, which the gate passes without asking: a column's default. */
export const EMPTY = "" as ScreenedText;

/**
 * A stored text made of screened texts and the code's own fixed words (`compose\`${name}'s Persona: ${persona}\``):
 * every part passed the gate or was written here, so the whole did too.
 */
export function compose(words: TemplateStringsArray, ...parts: ScreenedText[]): ScreenedText {
  return words.reduce((text, word, i) => text + word + (i < parts.length ? parts[i] : ""), "") as ScreenedText;
}

/** A screened text without its outer blanks: trimming takes nothing a screen reads. */
export const trimmed = (text: ScreenedText) => text.trim() as ScreenedText;
