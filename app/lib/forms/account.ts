import * as z from "zod";
import "~/lib/zod-config";
import { plain, screened } from "~/lib/safety/form-rules";
import { ACCOUNT_PERSONA_MAX, LIMITS, NAME_KNOWN_TO_BOT_MAX, PERSONA_NAME_MAX, PERSONA_TEXT_MAX } from "~/spec/limits";
import { ACCOUNT_FORM_MESSAGES, MESSAGES } from "~/spec/messages";

// Every schema here is built on first use (`z.lazy`): a new Worker isolate does not pay for the ones
// its requests never parse (decision 061).

/** Display name: at most 20, not empty, not starting with a space (spec section 5). */
export const displayName = () =>
  screened(
    "profile.name",
    z
      .string()
      .max(LIMITS.displayNameMax, ACCOUNT_FORM_MESSAGES.nameTooLong(LIMITS.displayNameMax))
      .refine((v) => v.length > 0 && !v.startsWith(" "), MESSAGES.account.nameStartsWithSpace),
  );

export const profileUpdateSchema = z.lazy(() =>
  z
    .strictObject(
      {
        name: displayName().optional(),
        // The safety module covers everything a person writes about themself (decision 026).
        description: screened("profile.description", z.string().max(LIMITS.descriptionMax, ACCOUNT_FORM_MESSAGES.descriptionTooLong(LIMITS.descriptionMax)))
          .nullable()
          .optional(),
        persona: screened("profile.persona", z.string().max(ACCOUNT_PERSONA_MAX, ACCOUNT_FORM_MESSAGES.personaTooLong(ACCOUNT_PERSONA_MAX)))
          .nullable()
          .optional(),
        nameKnownToBot: screened(
          "profile.nameKnownToBot",
          z.string().max(NAME_KNOWN_TO_BOT_MAX, ACCOUNT_FORM_MESSAGES.nameKnownToBotTooLong(NAME_KNOWN_TO_BOT_MAX)),
        )
          .nullable()
          .optional(),
      },
      { error: ACCOUNT_FORM_MESSAGES.onlyProfileFields },
    )
    .refine((v) => Object.keys(v).length > 0, ACCOUNT_FORM_MESSAGES.nothingToUpdate),
);

export const tagListSchema = z.lazy(() => z.object({ tags: z.array(plain("tag", z.string().min(1).max(40))).max(60, ACCOUNT_FORM_MESSAGES.tooManyTags) }));

export const patreonEmailSchema = z.lazy(() =>
  plain(
    "email",
    z
      .string()
      .trim()
      .max(LIMITS.membershipEmailMax, ACCOUNT_FORM_MESSAGES.patreonEmailTooLong(LIMITS.membershipEmailMax))
      .email(ACCOUNT_FORM_MESSAGES.invalidEmail),
  ).transform((v) => v.toLowerCase()),
);

export const connectEmailSchema = z.lazy(() => z.object({ patreonEmail: patreonEmailSchema }));
export const connectCodeSchema = z.lazy(() =>
  z.object({
    code: plain(
      "code",
      z
        .string()
        .trim()
        .regex(/^\d{6}$/, ACCOUNT_FORM_MESSAGES.codeFormat),
    ),
    patreonEmail: patreonEmailSchema,
  }),
);

export const personaSchema = z.lazy(() =>
  z.object({
    name: screened(
      "persona.name",
      z.string().trim().min(1, ACCOUNT_FORM_MESSAGES.personaNameRequired).max(PERSONA_NAME_MAX, ACCOUNT_FORM_MESSAGES.nameTooLong(PERSONA_NAME_MAX)),
    ),
    persona: screened(
      "persona.text",
      z.string().trim().min(1, ACCOUNT_FORM_MESSAGES.personaRequired).max(PERSONA_TEXT_MAX, ACCOUNT_FORM_MESSAGES.personaTooLong(PERSONA_TEXT_MAX)),
    ),
    isDefault: z.boolean().optional(),
  }),
);
