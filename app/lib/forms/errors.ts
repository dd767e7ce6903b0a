import type * as z from "zod";
import { API_MESSAGES } from "~/spec/messages";

/** Every field's first problem, by its path: the `fields` of a 400, and a form's messages in the browser. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** A person-readable message from a zod error: the first issue, prefixed by its field. */
export function zodMessage(error: z.ZodError, fallback: string = API_MESSAGES.invalidInput): string {
  const issue = error.issues[0];
  if (!issue) return fallback;
  // A card's extras are named by their own keys ("character_book"), as the card calls them.
  const field = issue.path.filter((part) => part !== "cardExtras").join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}
