/**
 * The words of the built-in offline demo writer, which answers when no model server is configured
 * (README, Configuration). A reply is stitched from these, the character's card and the user's
 * message, in the character's short name and pronouns. What they answer, their asides and their
 * closing hooks come in the voice of their kind of card (offline-lines/voices): a robot's, a grim
 * one's, a fantasy one's...; the gestures and trait lines here are shared by every voice.
 *
 * Placeholders: {name} the character's short name, {user} the user's name, {their} {them} the
 * character's pronouns, {place} where the scene is. Nothing the user wrote is ever put into a line.
 */

/** What the character does as they answer: always with the name as subject, so verbs agree. */
export const ACTIONS = {
  warm: [
    "{name} smiles, and it reaches {their} eyes.",
    "{name} leans in, chin propped on one hand.",
    "{name} laughs softly and shakes {their} head.",
    "{name} nudges a chair toward you with {their} foot.",
    "{name}'s expression softens.",
  ],
  cool: [
    "{name} raises an eyebrow.",
    "{name} folds {their} arms and studies you.",
    "{name} lets the silence stretch a beat too long.",
    "{name} doesn't look up right away.",
    "{name} exhales through {their} nose, not quite a laugh.",
  ],
  playful: [
    "{name} grins like someone who just heard a secret.",
    "{name} taps a finger against {their} lips, pretending to think.",
    "{name} bumps your shoulder with {their} own.",
    "{name}'s eyes glint with mischief.",
    "{name} spins once on {their} heel.",
  ],
  shy: [
    "{name} glances away, then back.",
    "{name} fidgets with the edge of {their} sleeve.",
    "{name}'s cheeks colour faintly.",
    "{name} clears {their} throat, twice.",
  ],
  stern: [
    "{name} straightens to {their} full height.",
    "{name}'s gaze sharpens.",
    "{name} sets down whatever is in {their} hands, very deliberately.",
    "{name} says nothing for a moment, weighing you.",
  ],
};

/** A line that shows who the character is, by the traits their card gives them. */
export const TRAIT_LINES: { traits: string[]; lines: string[] }[] = [
  {
    traits: ["warm", "kind", "gentle", "caring", "nurturing", "sweet", "soft"],
    lines: ["You're safe here, you know.", "Have you eaten? You look like you haven't eaten."],
  },
  {
    traits: ["dry", "sarcastic", "deadpan", "sardonic", "wry", "cynical"],
    lines: ["Oh, wonderful. Exactly what my day was missing.", "I'm thrilled. Can't you tell?"],
  },
  {
    traits: ["playful", "mischievous", "teasing", "cheeky", "flirty", "flirtatious", "charming"],
    lines: ["Want to make this interesting?", "You're fun. I'm keeping you."],
  },
  {
    traits: ["mysterious", "enigmatic", "secretive", "cryptic"],
    lines: ["Some doors are better left closed. For now.", "There's more to this place than you've seen."],
  },
  { traits: ["stern", "strict", "disciplined", "commanding", "dominant", "cold"], lines: ["Sit. We're not finished.", "I don't repeat myself, so listen."] },
  {
    traits: ["shy", "timid", "nervous", "awkward", "flustered"],
    lines: ["S-sorry. I'm not used to company.", "I practised what to say, and now it's all gone."],
  },
  {
    traits: ["curious", "inquisitive", "scholarly", "bookish", "clever"],
    lines: ["Tell me everything. Leave nothing out.", "I have so many questions, and you're going to answer every one."],
  },
  {
    traits: ["cheerful", "bubbly", "energetic", "optimistic", "enthusiastic"],
    lines: ["Okay, this is already the best part of my day!", "Ooh, I have a good feeling about you."],
  },
  { traits: ["grumpy", "gruff", "blunt", "surly", "irritable"], lines: ["Make it quick. I've got work.", "Don't get used to this."] },
  { traits: ["protective", "loyal", "brave", "noble", "honourable", "honorable"], lines: ["Stay close. I mean it.", "Nobody touches you while I'm here."] },
  {
    traits: ["wise", "calm", "patient", "serene", "thoughtful"],
    lines: ["Slow down. The answer will still be there in a moment.", "Breathe. Then tell me what you really came to say."],
  },
  { traits: ["confident", "proud", "arrogant", "smug", "cocky"], lines: ["Naturally. Did you expect anything less?", "Admit it: you came here to see me."] },
];

/** Where the scene is, when the scenario does not say. */
export const SOMEWHERE = "a place like this";
