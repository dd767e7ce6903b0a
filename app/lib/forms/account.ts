import { z } from "zod";
import { ACCOUNT_PERSONA_MAX, LIMITS, NAME_KNOWN_TO_BOT_MAX, PERSONA_NAME_MAX, PERSONA_TEXT_MAX } from "~/spec/limits";
import { MESSAGES } from "~/spec/messages";

/** Display name: at most 20, not empty, not starting with a space (spec section 5). */
export const displayName = z
  .string()
  .max(LIMITS.displayNameMax, `Name can be at most ${LIMITS.displayNameMax} characters.`)
  .refine((v) => v.length > 0 && !v.startsWith(" "), MESSAGES.account.nameStartsWithSpace);

export const profileUpdateSchema = z
  .strictObject(
    {
      name: displayName.optional(),
      description: z.string().max(LIMITS.descriptionMax, `Description can be at most ${LIMITS.descriptionMax} characters.`).nullable().optional(),
      persona: z.string().max(ACCOUNT_PERSONA_MAX, `Persona can be at most ${ACCOUNT_PERSONA_MAX} characters.`).nullable().optional(),
      nameKnownToBot: z.string().max(NAME_KNOWN_TO_BOT_MAX, `The name the bot knows can be at most ${NAME_KNOWN_TO_BOT_MAX} characters.`).nullable().optional(),
    },
    { error: "Only name, description, persona and nameKnownToBot can be changed." },
  )
  .refine((v) => Object.keys(v).length > 0, "Nothing to update.");

export const tagListSchema = z.object({ tags: z.array(z.string().min(1).max(40)).max(60, "Too many tags.") });

export const patreonEmailSchema = z
  .string()
  .trim()
  .max(LIMITS.membershipEmailMax, `The Patreon email can be at most ${LIMITS.membershipEmailMax} characters.`)
  .email("Enter a valid email address.")
  .transform((v) => v.toLowerCase());

export const connectEmailSchema = z.object({ patreonEmail: patreonEmailSchema });
export const connectCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "The code is the 6 digits from the email."),
  patreonEmail: patreonEmailSchema,
});

export const personaSchema = z.object({
  name: z.string().trim().min(1, "Give your persona a name.").max(PERSONA_NAME_MAX, `Name can be at most ${PERSONA_NAME_MAX} characters.`),
  persona: z.string().trim().min(1, "Describe your persona.").max(PERSONA_TEXT_MAX, `Persona can be at most ${PERSONA_TEXT_MAX} characters.`),
  isDefault: z.boolean().optional(),
});
