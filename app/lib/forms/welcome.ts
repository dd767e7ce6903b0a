import * as z from "zod";
import "~/lib/zod-config";
import { displayName } from "~/lib/forms/account";
import { screened } from "~/lib/safety/form-rules";
import { PERSONA_TEXT_MAX } from "~/spec/limits";
import { ACCOUNT_FORM_MESSAGES, WELCOME_MESSAGES } from "~/spec/messages";

/** POST /api/welcome: the name characters call a new person, and an optional short persona; or a skip. */
export const welcomeSchema = z.lazy(() =>
  z
    .strictObject(
      {
        skip: z.literal(true).optional(),
        name: displayName().optional(),
        persona: screened("persona.text", z.string().trim().max(PERSONA_TEXT_MAX, ACCOUNT_FORM_MESSAGES.personaTooLong(PERSONA_TEXT_MAX))).optional(),
      },
      { error: WELCOME_MESSAGES.send },
    )
    .refine((b) => b.skip || b.name?.trim(), { path: ["name"], message: WELCOME_MESSAGES.nameOrSkip }),
);
export type WelcomeBody = z.output<typeof welcomeSchema>;
