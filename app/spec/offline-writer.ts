/**
 * The words of the built-in offline demo writer, which answers when no model server is configured
 * (README, Configuration). Its replies are stitched from these and the character's own fields.
 */
export const OFFLINE_WRITER = {
  actions: [
    "tilts their head",
    "smiles slowly",
    "leans closer",
    "folds their arms",
    "glances away, then back",
    "laughs under their breath",
    "considers you for a moment",
  ],
  openers: ["You said", "So you tell me", "I heard you:", "Hm."],
  turns: [
    "Tell me more, {user}. What brought you here?",
    "That changes things. What would you have me do?",
    "I did not expect that from you, {user}.",
    "Stay a while. There is more to this than you think.",
    "Careful. Not everyone here is as patient as I am.",
  ],
  /** When the user has said nothing yet. */
  silence: "Well, here we are.",
} as const;
