import { byName } from "~/spec/plain-text";

/**
 * Character tags, per-tag category listing pages and excludable content tags.
 *
 * Source: product spec §2 (category listing pages per tag), §5 (tag guidance)
 * and §9 (Character tags (34), Excludable content tags (9)).
 */

/** The 34 character tags, in the order spec §9 lists them. */
export const CHARACTER_TAG_NAMES = [
  "Female",
  "Male",
  "Story Teller",
  "RolePlay",
  "Furry",
  "Femboy",
  "Dominant",
  "Submissive",
  "Meme",
  "Vanilla",
  "Monster",
  "Fetish",
  "Robot",
  "Trans",
  "Multiple",
  "Tomboy",
  "Dark",
  "Fanfic",
  "Hidden Gem",
  "Vocal",
  "Futa",
  "Scenario",
  "Incest",
  "Series",
  "Cuckold",
  "Cheating",
  "Bestiality",
  "Book",
  "CNC",
  "Wholesome",
  "Female POV",
  "Male POV",
  "MILF/DILF",
  "SemiHuman",
] as const;

export type CharacterTagName = (typeof CHARACTER_TAG_NAMES)[number];

/** Character tags that warn about content: styled as warnings everywhere, listed after the others, kept off a guest's first look. */
export const WARNING_TAGS = ["Bestiality", "Cheating", "CNC", "Cuckold", "Dark", "Fetish", "Incest"] as const;
export const isWarningTag = (name: string) => (WARNING_TAGS as readonly string[]).includes(name);

export type TagPage = {
  name: CharacterTagName;
  slug: string;
  title: string;
  keywords: string;
  description: string;
};

/**
 * URL slug for a tag name: lowercase, runs of non-alphanumerics collapsed to a
 * single '-', leading/trailing '-' trimmed.
 * "MILF/DILF" -> "milf-dilf", "Female POV" -> "female-pov", "SemiHuman" -> "semihuman".
 */
export function tagSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function page(name: CharacterTagName, title: string, keywords: string, description: string): TagPage {
  return { name, slug: tagSlug(name), title, keywords, description };
}

/** One category listing page per tag, in the order spec section 2 lists them. */
export const TAG_PAGES: TagPage[] = [
  page(
    "MILF/DILF",
    "MILF & DILF AI Characters - Chat with Mature Bots | Reverie",
    "milf ai chat, dilf ai chat, mature ai characters, older woman ai roleplay, older man ai roleplay, milf chatbot, dilf chatbot, mature ai companion",
    "Chat with confident, experienced MILF and DILF AI characters. Mature companions with charm, wit and life experience are waiting for you on Reverie, 18+ only.",
  ),
  page(
    "SemiHuman",
    "SemiHuman AI Characters - Chat with Demi-Human Bots | Reverie",
    "semihuman ai characters, demi-human ai chat, elf ai chatbot, kemonomimi ai roleplay, fantasy race ai chat, angel ai character, catgirl ai chat",
    "Meet SemiHuman AI characters: elves, demi-humans, angels and beings with a touch of the otherworldly. Start an immersive adult roleplay chat on Reverie today.",
  ),
  page(
    "Female POV",
    "Female POV AI Characters - Roleplay as Her | Reverie",
    "female pov ai roleplay, female pov chatbot, ai stories for women, female perspective roleplay, romance ai chat for women, otome ai characters",
    "Stories told from the female point of view. Step into her shoes with Female POV AI characters and roleplay scenarios crafted for adult readers on Reverie.",
  ),
  page(
    "Male POV",
    "Male POV AI Characters - Roleplay as Him | Reverie",
    "male pov ai roleplay, male pov chatbot, ai stories for men, male perspective roleplay, male protagonist ai chat, ai girlfriend roleplay",
    "Roleplays written for the male point of view. Take the lead as the protagonist with Male POV AI characters and interactive scenarios for adults on Reverie.",
  ),
  page(
    "Hidden Gem",
    "Hidden Gem AI Characters - Underrated Bots to Chat | Reverie",
    "hidden gem ai characters, underrated ai chatbots, best ai characters, unique ai bots, new ai characters to chat, curated ai characters",
    "Discover Hidden Gem AI characters: underrated, thoughtfully crafted bots that deserve more attention. Find your next favourite conversation partner on Reverie.",
  ),
  page(
    "Meme",
    "Meme AI Characters - Chat with Funny Meme Bots | Reverie",
    "meme ai characters, funny ai chatbot, meme chatbot, parody ai characters, joke ai bots, silly ai chat, internet meme roleplay",
    "Laugh out loud with Meme AI characters: internet jokes, absurd personas and parody bots brought to life. Light-hearted AI chat for adults who love a good laugh.",
  ),
  page(
    "Female",
    "Female AI Characters - Chat with Female Bots | Reverie",
    "female ai characters, ai girlfriend, female chatbot, ai girl chat, female ai companion, ai waifu chat, female roleplay bot, virtual girlfriend",
    "Chat with Female AI characters of every personality: sweet, sassy, shy or bold. Start a free, immersive roleplay conversation with adult companions on Reverie.",
  ),
  page(
    "Male",
    "Male AI Characters - Chat with Male Bots | Reverie",
    "male ai characters, ai boyfriend, male chatbot, ai guy chat, male ai companion, husbando ai chat, male roleplay bot, virtual boyfriend",
    "Chat with Male AI characters: charming, brooding, protective or playful. Build a story together with an adult AI companion who keeps up with you on Reverie.",
  ),
  page(
    "Story Teller",
    "Story Teller AI Characters - Interactive AI Stories | Reverie",
    "ai storyteller, interactive ai stories, ai narrator chat, text adventure ai, ai story generator chat, choose your own adventure ai, ai dungeon master",
    "Let a Story Teller AI character narrate your next adventure. Fantasy, mystery, romance and more unfold as interactive stories for adult readers on Reverie.",
  ),
  page(
    "RolePlay",
    "RolePlay AI Characters - Immersive AI Roleplay Chat | Reverie",
    "ai roleplay, roleplay chatbot, ai rp chat, immersive roleplay ai, character roleplay, text roleplay ai, ai roleplay characters, rp bots",
    "Dive into RolePlay AI characters built for immersive, long-form storytelling. Create a persona, set the scene and play out your favourite adult scenarios here.",
  ),
  page(
    "Furry",
    "Furry AI Characters - Chat with Anthro Bots | Reverie",
    "furry ai chat, furry ai characters, anthro ai chatbot, furry roleplay, fursona ai chat, anthro roleplay bot, furry chatbot",
    "Chat with Furry AI characters: anthro foxes, wolves, dragons and more with big personalities. Friendly, immersive furry roleplay for adults 18+ on Reverie.",
  ),
  page(
    "Femboy",
    "Femboy AI Characters - Chat with Femboy Bots | Reverie",
    "femboy ai chat, femboy ai characters, femboy chatbot, femboy roleplay, cute femboy ai, femboy ai companion, femboy boyfriend ai",
    "Meet Femboy AI characters: cute, confident and stylish companions with a soft side. Start a playful, sweet or romantic adult roleplay chat on Reverie today.",
  ),
  page(
    "Dominant",
    "Dominant AI Characters - Chat with Dominant Bots | Reverie",
    "dominant ai characters, dominant ai chat, dom chatbot, assertive ai roleplay, possessive ai boyfriend, dominant ai girlfriend, dom roleplay bot",
    "Chat with Dominant AI characters who take charge: commanding leaders, strict bosses and confident partners. Consensual adult roleplay for 18+ users on Reverie.",
  ),
  page(
    "Submissive",
    "Submissive AI Characters - Chat with Submissive Bots | Reverie",
    "submissive ai characters, submissive ai chat, sub chatbot, obedient ai roleplay, shy ai girlfriend, submissive ai boyfriend, sub roleplay bot",
    "Chat with Submissive AI characters: devoted, eager-to-please and gentle companions who let you lead. Consensual adult roleplay for 18+ users only on Reverie.",
  ),
  page(
    "Vanilla",
    "Vanilla AI Characters - Sweet Romance AI Chat | Reverie",
    "vanilla ai chat, romantic ai characters, sweet ai girlfriend, ai romance chat, wholesome romance roleplay, gentle ai companion, romance chatbot",
    "Prefer sweet and simple? Vanilla AI characters offer warm romance, affectionate banter and easygoing chats without the extremes. Adult companions on Reverie.",
  ),
  page(
    "Monster",
    "Monster AI Characters - Chat with Monster Bots | Reverie",
    "monster ai characters, monster girl ai chat, monster boy ai, demon ai chatbot, vampire ai roleplay, werewolf ai chat, orc ai character, monster roleplay",
    "Chat with Monster AI characters: orcs, demons, vampires, werewolves and creatures of legend. Dark, thrilling and romantic roleplay for adults on Reverie.",
  ),
  page(
    "Fetish",
    "Fetish AI Characters - Niche Roleplay Bots | Reverie",
    "fetish ai characters, fetish ai chat, kink roleplay ai, niche ai roleplay, fetish chatbot, adult fantasy ai chat",
    "Explore Fetish AI characters built around particular tastes and niche interests. Clearly tagged, consensual fantasy roleplay for adults 18+ only on Reverie.",
  ),
  page(
    "Robot",
    "Robot AI Characters - Chat with Android Bots | Reverie",
    "robot ai characters, android ai chat, cyborg ai roleplay, sci-fi ai chatbot, robot girlfriend ai, android companion, synthetic ai character",
    "Chat with Robot AI characters: androids, cyborgs, synthetic companions and rogue machines. Sci-fi roleplay with a human touch for adults on Reverie.",
  ),
  page(
    "Trans",
    "Trans AI Characters - Chat with Trans Bots | Reverie",
    "trans ai characters, trans ai chat, transgender ai chatbot, trans woman ai, trans man ai, nonbinary ai character, lgbtq ai roleplay",
    "Chat with Trans AI characters: trans women, trans men and nonbinary companions written with warmth and respect. Inclusive, immersive adult roleplay on Reverie.",
  ),
  page(
    "Multiple",
    "Multiple AI Characters - Group & Multi-Character Chat | Reverie",
    "multiple ai characters, group ai chat, multi-character roleplay, ai group roleplay, ensemble ai chatbot, harem ai roleplay, several characters ai",
    "Chat with Multiple AI characters at once: group scenes, friend groups, rival crews and whole ensemble casts. Multi-character adult roleplay awaits on Reverie.",
  ),
  page(
    "Tomboy",
    "Tomboy AI Characters - Chat with Tomboy Bots | Reverie",
    "tomboy ai characters, tomboy ai chat, tomboy girlfriend ai, sporty ai girl, tomboy chatbot, tomboy roleplay, gamer girl ai chat",
    "Meet Tomboy AI characters: sporty, teasing and laid-back companions who would rather game or hit the gym than dress up. Fun, flirty adult roleplay on Reverie.",
  ),
  page(
    "Dark",
    "Dark AI Characters - Horror & Dark Roleplay Chat | Reverie",
    "dark ai characters, dark roleplay ai, horror ai chat, villain ai chatbot, yandere ai chat, gothic ai roleplay, dark fantasy ai",
    "Explore Dark AI characters: gritty villains, horror, tragedy and morally grey stories. Intense, mature roleplay with content warnings for adults 18+ on Reverie.",
  ),
  page(
    "Fanfic",
    "Fanfic AI Characters - Chat with Fan Fiction Bots | Reverie",
    "fanfic ai characters, fan fiction ai chat, anime character ai, game character ai chat, fandom roleplay, fanfiction chatbot, ai fanfic roleplay",
    "Chat with Fanfic AI characters inspired by your favourite anime, games, films and shows. Write your own what-if stories with fan-made creations on Reverie.",
  ),
  page(
    "Vocal",
    "Vocal AI Characters - Voice Chat with AI Bots | Reverie",
    "ai voice chat, talking ai characters, ai chatbot with voice, voice roleplay ai, text to speech ai companion, ai girlfriend voice, vocal ai bots",
    "Hear them speak: Vocal AI characters reply with lifelike voices. Pick a voice you love and enjoy immersive spoken roleplay conversations for adults on Reverie.",
  ),
  page(
    "Futa",
    "Futa AI Characters - Chat with Futa Bots | Reverie",
    "futa ai characters, futa ai chat, futanari ai roleplay, futa chatbot, futanari ai character, anime futa ai",
    "Browse Futa AI characters, a popular fantasy archetype from anime and fiction. Clearly tagged, consensual and imaginative roleplay for adults 18+ on Reverie.",
  ),
  page(
    "Scenario",
    "Scenario AI Characters - Interactive RP Scenarios | Reverie",
    "ai roleplay scenarios, scenario chatbot, interactive scenario ai, rp scenario bots, ai adventure scenario, situation roleplay ai, ai simulator chat",
    "Jump into Scenario AI characters: ready-made situations, worlds and plots where you are the main character. Choose a setup and start roleplaying on Reverie.",
  ),
  page(
    "Incest",
    "Incest-Tagged AI Characters - Taboo Fiction | Reverie",
    "incest tag ai characters, taboo ai roleplay, taboo fiction ai chat, forbidden romance ai, taboo chatbot, step family roleplay ai",
    "Incest-tagged AI characters explore taboo fictional storylines between adult characters. Clearly labelled and easy to filter out. Strictly 18+ only on Reverie.",
  ),
  page(
    "Series",
    "Series AI Characters - Chat with Connected Bots | Reverie",
    "ai character series, connected ai characters, ai story series, recurring ai characters, ai saga roleplay, multi-part ai story, series chatbots",
    "Follow Series AI characters: connected bots from the same creator and universe, with recurring casts and ongoing plots. Continue the saga on Reverie.",
  ),
  page(
    "Cuckold",
    "Cuckold AI Characters - Chat with Cuckold Bots | Reverie",
    "cuckold ai characters, cuckold ai chat, cuckold roleplay, cuck chatbot, hotwife ai roleplay, jealousy roleplay ai, open relationship ai chat",
    "Cuckold AI characters explore jealousy, humiliation and open-relationship fantasies. Clearly tagged, consensual fictional roleplay for adults 18+ on Reverie.",
  ),
  page(
    "Cheating",
    "Cheating AI Characters - Affair & Drama Roleplay | Reverie",
    "cheating ai characters, cheating roleplay ai, affair ai chat, secret romance ai, forbidden romance chatbot, unfaithful partner roleplay, ntr ai chat",
    "Cheating AI characters explore forbidden affairs, secret romances and tangled loyalties. Dramatic, emotional fictional roleplay for adults 18+ only on Reverie.",
  ),
  page(
    "Bestiality",
    "Bestiality-Tagged AI Characters - Content Warning | Reverie",
    "bestiality tag, bestiality content warning, bestiality filter, exclude bestiality tag, tagged ai characters, content warning ai chat",
    "Bestiality-tagged AI characters are fictional, clearly labelled with a content warning and easy to exclude with the tag filter. Strictly 18+ on Reverie.",
  ),
  page(
    "Book",
    "Book AI Characters - Chat with Literary Characters | Reverie",
    "book ai characters, literary ai chat, novel character chatbot, talk to book characters, fantasy novel ai roleplay, classic literature ai, book roleplay",
    "Chat with Book AI characters from novels, literature and fantasy sagas. Talk to heroes, villains and beloved literary figures in immersive roleplay on Reverie.",
  ),
  page(
    "CNC",
    "CNC AI Characters - Consensual Non-Consent Roleplay | Reverie",
    "cnc ai characters, cnc roleplay ai, consensual non-consent roleplay, cnc chatbot, power play ai chat, cnc ai chat",
    "CNC (consensual non-consent) AI characters offer intense, fictional power-play scenarios built on agreed limits. Clearly tagged, for adults 18+ only on Reverie.",
  ),
  page(
    "Wholesome",
    "Wholesome AI Characters - Feel-Good AI Chat | Reverie",
    "wholesome ai characters, wholesome ai chat, comfort ai chatbot, supportive ai companion, cozy ai roleplay, friendly ai chat, feel good chatbot",
    "Unwind with Wholesome AI characters: kind, supportive and heartwarming companions for cosy chats, comfort and encouragement. Feel-good AI chat on Reverie.",
  ),
];

/** Looks up a tag page by slug (the input is normalised with tagSlug first). */
export function tagBySlug(slug: string): TagPage | undefined {
  const wanted = tagSlug(slug);
  return TAG_PAGES.find((p) => p.slug === wanted);
}

/** The 'Gender' group of the tag filter. */
export const GENDER_TAGS = ["Male", "Female", "Trans"] as const;

/** Excluded from the listed character tags in the tag filter (spec §5). */
export const ROLEPLAY_TAG = "RolePlay";

/** The categories the home page links to, in the order TAG_PAGES lists them. */
export const HOME_CATEGORY_TAGS = ["Female", "Male", "Wholesome", "Story Teller", "Scenario", "Fanfic", "Monster", "Robot", "Book", "Hidden Gem"] as const;

/** Tag guidance shown to creators (spec §5). */
export const TAG_GUIDANCE = ["Use only one of Male or Female.", "Use Multiple for several key characters."] as const;

/** The 9 excludable content tags (spec §9). */
export const CONTENT_TAG_NAMES = ["Bestiality", "Borderline", "Homophobia", "Incest", "NSFW PFP", "Racism", "Sexism", "Transphobia", "Violence"] as const;

export type ContentTagName = (typeof CONTENT_TAG_NAMES)[number];

/**
 * Each content tag has its own colour style (Tailwind classes: background, text and border).
 * Full literal class strings so Tailwind's scanner picks them up; tuned for a dark UI.
 */
export const CONTENT_TAG_STYLES: Record<ContentTagName, string> = {
  Bestiality: "bg-emerald-900/60 text-emerald-200 border-emerald-700",
  Borderline: "bg-amber-900/60 text-amber-200 border-amber-700",
  Homophobia: "bg-violet-900/60 text-violet-200 border-violet-700",
  Incest: "bg-sky-900/60 text-sky-200 border-sky-700",
  "NSFW PFP": "bg-pink-900/60 text-pink-200 border-pink-700",
  Racism: "bg-orange-900/60 text-orange-200 border-orange-700",
  Sexism: "bg-rose-900/60 text-rose-200 border-rose-700",
  Transphobia: "bg-fuchsia-900/60 text-fuchsia-200 border-fuchsia-700",
  Violence: "bg-red-900/60 text-red-200 border-red-700",
};

/** The tag chips' order wherever tags are listed (spec section 2): alphabetical, the content warnings after the others (decision 048). */
export const byChipOrder = (a: string, b: string) => Number(isWarningTag(a)) - Number(isWarningTag(b)) || byName(a, b);

/** Every tag in the chips' order. */
export const TAG_CHIP_ORDER: readonly string[] = [...CHARACTER_TAG_NAMES].sort(byChipOrder);
