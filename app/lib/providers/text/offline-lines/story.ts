import type { STORY_GENRES } from "~/spec/story";

/**
 * The words of the offline demo writer's Story mode (decision 015 covers the writer): a passage is
 * stitched from these, the story's characters, premise and genre, and the action just taken, and
 * ends with choices that fit the genre.
 *
 * Placeholders: {name} the lead character's short name, {their} {them} the lead's pronouns,
 * {other} another character's short name, {user} the person's name, {place} where the story is,
 * {premise} the premise in the second person, {topic} a word from the premise, {act} what the
 * person did as a clause starting with "you", {said} what the person said. A character is always
 * the subject by name, never "she" or "they", so verbs agree whatever the pronouns.
 */

/** One genre's tone. */
export type GenreWords = {
  /** Where the story is, when the lead character's scenario does not say. */
  places: string[];
  /** The opening passage's first sentence. */
  openings: string[];
  /** What follows the person's action. */
  outcomes: string[];
  /** What the lead character does. */
  beats: string[];
  /** What the lead character says (without quotes). */
  lines: string[];
  /** The light, the air, the sound. */
  details: string[];
  /** A development that hands the person something to decide. */
  turns: string[];
  /** What the person might do next. */
  choices: string[];
};

type StoryGenre = (typeof STORY_GENRES)[number];

/** The genres of the new-story form, and one tone for a genre the writer does not know. */
export const GENRE_WORDS: Record<StoryGenre | "other", GenreWords> = {
  Fantasy: {
    places: ["the old kingdom road", "a ruined watchtower", "the Whispering Wood", "the market of a river city"],
    openings: [
      "Mist lies low over {place}, {user}, and the old stones hum as if they remember your name.",
      "The bells of {place} are ringing when you arrive, {user}, though no one admits to pulling the ropes.",
      "Lanterns of blue witchfire line the way into {place}, and every one of them leans toward you as you pass, {user}.",
      "You reach {place} at dusk, {user}, with the smell of rain and old magic in the air.",
    ],
    outcomes: [
      "For a heartbeat nothing happens; then the air itself seems to take notice, and the runes along the wall flare silver.",
      "Somewhere far off a horn answers, low and ancient, as if the land has been waiting for exactly that.",
      "The spell in the stones shifts around you, and a path that was not there a moment ago opens between the trees.",
      "It works, mostly. What it costs you will only become clear later.",
    ],
    beats: [
      "{name} steps out of the shadow of an archway, one hand resting on the hilt at {their} hip.",
      "{name} traces a sigil in the air, and the light of it catches in {their} eyes.",
      "{name} watches you the way one watches a storm that might yet turn.",
      "{name} kneels to read the tracks in the mud, then looks up at you with something like respect.",
    ],
    lines: [
      "The old powers are stirring. I'd rather face them with you than without you.",
      "Every legend starts with someone foolish enough to try. Congratulations.",
      "Keep your voice down. The trees here carry words to the wrong ears.",
      "If we are doing this, we do it properly. No half-spells.",
    ],
    details: [
      "Moths drift through the torchlight like sparks that forgot to burn out.",
      "The wind carries pine resin, woodsmoke and the faint metallic tang of magic.",
      "High above, two moons share the sky, neither quite willing to give way.",
    ],
    turns: [
      "Then the ground trembles, and a sound like a great wing beating rolls over the hills.",
      "A raven lands on the wall beside you, a letter sealed in black wax tied to its leg.",
      "Far below, the gates of the keep groan open, though no one stands near them.",
    ],
    choices: [
      "Follow the silver runes deeper into the ruins",
      "Ask {name} what the old powers want",
      "Draw your blade and stand your ground",
      "Break the black wax seal and read the letter",
      "Call out to whatever is watching from the trees",
      "Search the ruins for a hidden way down",
      "Offer a trade to the spirit of the place",
      "Make camp and keep watch until dawn",
    ],
  },
  Romance: {
    places: ["a rooftop garden above the city", "a little bookshop on a rainy street", "the terrace of a seaside hotel", "a candlelit café after closing"],
    openings: [
      "The evening at {place} is warm and slow, {user}, the kind that makes promises it might even keep.",
      "Rain taps at the windows of {place}, {user}, and you are suddenly very aware of how close the two of you are standing.",
      "String lights sway over {place}, {user}, and someone has put on a song you both pretend not to know.",
      "You were only going to stop by {place} for a minute, {user}. That was an hour ago.",
    ],
    outcomes: [
      "The air between you changes, the way it does before a storm or a confession.",
      "It's a small thing, but it lands, and for a moment neither of you knows what to do with your hands.",
      "A laugh escapes before either of you can stop it, and the tension melts into something softer.",
      "The world goes quiet around the two of you, as if it is politely giving you the room.",
    ],
    beats: [
      "{name} tucks a stray strand of hair behind {their} ear and doesn't quite meet your eyes.",
      "{name} leans on the railing beside you, close enough that your shoulders almost touch.",
      "{name} smiles, slow and a little crooked, as if {their} heart got there before {their} good sense.",
      "{name} holds your gaze a beat longer than is strictly polite.",
    ],
    lines: [
      "I keep telling myself this is a bad idea. I keep not listening.",
      "You have a terrible habit of being exactly where I hoped you'd be.",
      "Stay. Just a little longer. The night isn't finished with us.",
      "Tell me something true. Something you haven't told anyone.",
    ],
    details: [
      "The air smells of jasmine, rain and coffee gone cold in forgotten cups.",
      "Somewhere below, a busker plays the same sweet melody over and over.",
      "The candle between you gutters and steadies, as if it's listening too.",
    ],
    turns: [
      "Then a message lights up {name}'s phone, and {their} smile falters for just a second.",
      "A familiar voice calls {name}'s name from across the room.",
      "The last train leaves in twenty minutes. Neither of you mentions it.",
    ],
    choices: [
      "Take {name}'s hand",
      "Ask {name} to dance",
      "Tell {name} how you really feel",
      "Suggest a walk along the water",
      "Tease {name} about that blush",
      "Ask who sent that message",
      "Say goodnight, and promise to come back",
      "Share a secret of your own",
    ],
  },
  Mystery: {
    places: ["a fog-bound railway hotel", "a locked study in an old manor", "the back room of a jazz club", "a lighthouse cut off by the tide"],
    openings: [
      "Every clock at {place} stopped at the same minute, {user}, and nobody will say which minute that was.",
      "You arrive at {place} just after the letter is found, {user}, and everyone already has an alibi that is a little too neat.",
      "Fog presses against the windows of {place}, {user}, and somewhere inside, someone is lying to you.",
    ],
    outcomes: [
      "It turns something up: a scrap of paper, a smudge of ash, a detail that doesn't fit.",
      "Someone in the next room goes very quiet, which is an answer of a kind.",
      "The pieces shift. Not into place, not yet, but closer.",
    ],
    beats: [
      "{name} turns a pocket watch over in {their} fingers, eyes narrowed at the door.",
      "{name} writes something in a small notebook and underlines it twice.",
      "{name} studies the room the way other people read a letter.",
      "{name} lowers {their} voice, though there is no one near enough to hear.",
    ],
    lines: [
      "Everyone in this house is hiding something. The trick is working out which secret matters.",
      "Notice what isn't here. That's usually where the story is.",
      "I don't believe in coincidences. I believe in people who want us to.",
      "We have until morning before the trail goes cold.",
    ],
    details: [
      "A clock ticks in the hall, a half-beat behind where it should be.",
      "The smell of pipe smoke lingers, though nobody here admits to smoking.",
      "Rain runs down the glass in crooked lines, blurring the lamps outside.",
    ],
    turns: [
      "Then the lights go out, and when they come back, the papers on the desk are gone.",
      "A door upstairs closes softly, in a wing everyone swore was empty.",
      "You notice mud on the butler's shoes, fresh and red as brick dust.",
    ],
    choices: [
      "Examine the study more closely",
      "Question the housekeeper about last night",
      "Compare notes with {name}",
      "Follow the footsteps upstairs",
      "Check every alibi against the train timetable",
      "Pretend to leave, then double back",
      "Search the desk for a hidden drawer",
      "Confront the most nervous guest",
    ],
  },
  Horror: {
    places: [
      "an abandoned hospital on the hill",
      "a farmhouse at the end of a dead-end road",
      "the lowest deck of a drifting ship",
      "a motel whose sign never stops flickering",
    ],
    openings: [
      "The radio dies the moment you reach {place}, {user}, and the silence afterwards feels like it's listening.",
      "Nothing at {place} is quite where you left it, {user}, and the door you closed behind you is standing open.",
      "Something at {place} knows you're here, {user}. You can feel it in the way the cold settles on your neck.",
    ],
    outcomes: [
      "The building answers with a long creak from somewhere above, like a floorboard taking weight.",
      "For a moment it seems fine. Then you hear it: a second set of footsteps, matching yours.",
      "The lights stutter, and in the dark between flickers the hallway looks longer than it should.",
    ],
    beats: [
      "{name} goes still, head tilted, listening to something you can't hear yet.",
      "{name} grips your sleeve hard enough to hurt and doesn't seem to notice.",
      "{name} raises the flashlight, and {their} hand is not quite steady.",
      "{name} presses a finger to {their} lips and points at the ceiling.",
    ],
    lines: [
      "Don't look at the mirror. Whatever you do, don't look at the mirror.",
      "That wasn't here an hour ago. I'm sure of it.",
      "If we get separated, don't answer if I call your name.",
      "We should leave. We should have left a long time ago.",
    ],
    details: [
      "The air smells of wet plaster and something sweeter underneath, like old flowers.",
      "Frost creeps along the windowpane even though it's summer outside.",
      "Every few seconds the building settles with a sound like a held breath let out.",
    ],
    turns: [
      "Then, from behind the locked door, something knocks three times.",
      "Your phone lights up with a call from your own number.",
      "Written in the dust on the table, in letters that weren't there before, is your name.",
    ],
    choices: [
      "Open the locked door",
      "Run for the car",
      "Stay close to {name} and keep the light on",
      "Search for another way out",
      "Call out and ask who's there",
      "Hide and wait for the footsteps to pass",
      "Go back for what you dropped",
      "Follow the cold draught to its source",
    ],
  },
  "Sci-fi": {
    places: [
      "the observation deck of a generation ship",
      "a research station on a frozen moon",
      "a neon-lit orbital market",
      "a derelict freighter drifting past Saturn",
    ],
    openings: [
      "Alarms pulse amber across {place}, {user}, and the station's voice politely informs you that everything is fine.",
      "Stars wheel slowly past the viewports of {place}, {user}, and for once the ship's systems have nothing to report.",
      "You wake in {place}, {user}, to the hum of machinery and a clock that says you've been asleep far too long.",
    ],
    outcomes: [
      "Somewhere deep in the hull a system wakes, and the lights shift from standby blue to working white.",
      "The console accepts it with a cheerful chime, which is somehow more worrying than an error.",
      "Data floods the screens, too fast to read, then resolves into a single blinking coordinate.",
    ],
    beats: [
      "{name} runs a hand along the console, reading the displays like old friends.",
      "{name} taps the comm at {their} collar and frowns at the static.",
      "{name} pulls up a holographic map and pinches it wider with two fingers.",
      "{name} checks the charge on {their} sidearm without seeming to think about it.",
    ],
    lines: [
      "The numbers don't add up. Either the sensors are lying, or we aren't alone out here.",
      "Whatever's on that signal, someone went to a lot of trouble to hide it.",
      "We have about ninety minutes of air in this section. Let's not waste it.",
      "Trust the ship, not the people. The ship can't lie.",
    ],
    details: [
      "Recycled air carries the faint taste of ozone and warm plastic.",
      "Outside the viewport, a gas giant turns, banded in rust and cream.",
      "The deck vibrates gently underfoot with the engines' slow heartbeat.",
    ],
    turns: [
      "Then a second ship drops out of nowhere, close enough to blot out the stars.",
      "The station's voice goes quiet mid-sentence and does not start again.",
      "A docking request arrives, signed with the name of a ship lost a century ago.",
    ],
    choices: [
      "Trace the signal to its source",
      "Ask {name} to run a full diagnostic",
      "Suit up and go outside",
      "Answer the docking request",
      "Override the station's lockdown",
      "Wake the rest of the crew",
      "Pull the ship's logs from the last day",
      "Power down and drift silently",
    ],
  },
  Adventure: {
    places: [
      "a jungle river with no name on the map",
      "a smugglers' harbour at low tide",
      "the high pass over the mountains",
      "a sunken temple off a tropical coast",
    ],
    openings: [
      "The map said {place} was a day's journey, {user}. It was three, and the map was lying about other things too.",
      "Sun beats down on {place}, {user}, and the trail ahead vanishes into green shadow.",
      "You've come a long way to reach {place}, {user}, and the easy part is officially over.",
    ],
    outcomes: [
      "It pays off: the way ahead opens, steep and narrow, but real.",
      "The gamble holds, just barely, and you find yourself grinning despite the scrape on your arm.",
      "Loose stones clatter away beneath you, and the drop they fall into is very, very long.",
    ],
    beats: [
      "{name} shades {their} eyes and scans the horizon for the next landmark.",
      "{name} tosses you a coil of rope with a look that says you'll need it.",
      "{name} checks the compass, shakes it, and checks it again.",
      "{name} laughs, wild and bright, like someone exactly where they want to be.",
    ],
    lines: [
      "Fortune favours the bold. It also favours people who bring enough water.",
      "There's always a way across. You just have to be willing to get wet.",
      "Stay on my left. And if I say jump, don't ask how high.",
      "That's the thing about treasure. Somebody always wants it back.",
    ],
    details: [
      "Parrots scream overhead, and the air is thick with heat and the smell of wet earth.",
      "Far off, a waterfall roars, felt in the chest before it's heard.",
      "The wind up here is cold and clean and tastes of snow.",
    ],
    turns: [
      "Then a shot rings out from the ridge behind you. You're not the only ones looking.",
      "The rope bridge ahead sways, and one of its planks drops silently into the gorge.",
      "On the rock wall, half hidden by vines, someone has carved a symbol that matches your map.",
    ],
    choices: [
      "Cross the rope bridge",
      "Climb to the ridge for a better view",
      "Follow the river downstream",
      "Ask {name} what the carved symbol means",
      "Set a trap for whoever is following",
      "Dive into the flooded tunnel",
      "Bargain with the locals for a guide",
      "Take the shortcut nobody recommends",
    ],
  },
  Comedy: {
    places: [
      "a cooking contest with suspiciously high stakes",
      "a small-town talent show",
      "an office party that has got wildly out of hand",
      "a cruise ship with a very confused captain",
    ],
    openings: [
      "Things at {place} have gone sideways in record time, {user}, and it's barely past lunch.",
      "Welcome to {place}, {user}. Please ignore the goat. Everyone else is trying to.",
      "You arrive at {place}, {user}, just in time to see the cake catch fire. Slightly. Mostly decoratively.",
    ],
    outcomes: [
      "It works. Nobody is more surprised than you, except possibly everyone else.",
      "There is a pause, the kind of pause in which a pigeon could be heard clearing its throat.",
      "It goes about as well as could be expected, which is to say: spectacularly badly, but with style.",
    ],
    beats: [
      "{name} stares at you with the expression of someone recalculating every decision that led here.",
      "{name} pinches the bridge of {their} nose and sighs like a kettle.",
      "{name} gives you two thumbs up, then quietly lowers one of them.",
      "{name} is trying very hard not to laugh, and losing.",
    ],
    lines: [
      "I want it on record that I said this was a bad idea. Loudly. Twice.",
      "Okay. New plan. Same as the old plan, but faster and with more confidence.",
      "Nobody panic. I'm panicking enough for all of us.",
      "If anyone asks, we were never here, and the goat was like that when we found it.",
    ],
    details: [
      "Somewhere a kazoo is playing, and no one will admit to owning it.",
      "The smell of burnt sugar and mild regret hangs over everything.",
      "A banner reading CONGRATULATIONS sags gently, one letter at a time.",
    ],
    turns: [
      "Then the goat gets loose. Again.",
      "A man in a very large hat declares that the real contest starts now.",
      "The fire alarm goes off, politely at first, then with real conviction.",
    ],
    choices: [
      "Blame the goat",
      "Improvise a speech",
      "Ask {name} for a plan, any plan",
      "Commit fully to the disguise",
      "Sneak out through the kitchen",
      "Challenge the man in the very large hat",
      "Pretend this was all planned",
      "Make it worse, but on purpose",
    ],
  },
  "Slice of life": {
    places: ["a corner café on a quiet street", "a shared flat on a rainy Sunday", "a farmers' market in early autumn", "the laundrette downstairs"],
    openings: [
      "Morning light spills across {place}, {user}, and the day ahead has nothing urgent in it at all.",
      "It's a slow afternoon at {place}, {user}, the kind that smells of coffee and nothing in particular.",
      "Rain drums softly on the roof of {place}, {user}, and nobody seems in a hurry to be anywhere.",
    ],
    outcomes: [
      "It's a small thing, but the afternoon feels lighter for it.",
      "Nothing dramatic happens, and that's exactly what makes it nice.",
      "The moment settles in comfortably, like a cat finding the warm spot on the sofa.",
    ],
    beats: [
      "{name} sets two mugs down and pushes one toward you without asking.",
      "{name} hums under {their} breath while sorting through a stack of old records.",
      "{name} looks up from a half-finished crossword and raises an eyebrow at you.",
      "{name} leans back in {their} chair, the picture of someone with nowhere to be.",
    ],
    lines: [
      "Do you ever think we should do this more often? Just nothing, together?",
      "I was going to be productive today. Then I wasn't. It's been great.",
      "Seven letters, a quiet kind of happiness. Any ideas?",
      "The bakery on the corner has cinnamon buns again. This is important news.",
    ],
    details: [
      "Somewhere outside, someone is learning the piano, one slow scale at a time.",
      "The radiator ticks, the kettle sighs, and the cat ignores everyone.",
      "Leaves skitter past the window, gold and brown and in no particular hurry.",
    ],
    turns: [
      "Then the doorbell rings: a neighbour, holding a casserole and a very specific favour to ask.",
      "A postcard arrives from an old friend you haven't heard from in years.",
      "The power flickers out, and suddenly the candles in the drawer seem like a fine idea.",
    ],
    choices: [
      "Put the kettle on again",
      "Suggest a walk before the rain comes back",
      "Ask {name} what the crossword answer is",
      "Help the neighbour with the favour",
      "Cook something together",
      "Write back to the old friend",
      "Stay in and put a film on",
      "Go and buy the cinnamon buns",
    ],
  },
  other: {
    places: ["a crossroads at dusk", "a town you've never visited before", "the edge of somewhere new"],
    openings: [
      "The story begins at {place}, {user}, on an evening that feels like it's holding its breath.",
      "You find yourself at {place}, {user}, with the sense that something is about to begin.",
      "The road has brought you to {place}, {user}, and it seems to expect something of you.",
    ],
    outcomes: [
      "The world shifts a little in answer, and the way forward looks different than it did a moment ago.",
      "It matters more than it seemed to. You can tell by the silence that follows.",
      "Something changes, quietly, the way the weather does before anyone notices.",
    ],
    beats: [
      "{name} watches you closely, as if your next move will tell {them} something important.",
      "{name} falls into step beside you, thoughtful and unhurried.",
      "{name} smiles, just slightly, like someone who has seen how this kind of story goes.",
    ],
    lines: [
      "Every choice leaves a door open behind it. Let's see which ones we need.",
      "Whatever happens next, I'm glad it's you here and not someone else.",
      "I have a feeling this is where it really starts.",
    ],
    details: [
      "The light is turning gold, and the air carries the smell of rain on the way.",
      "Somewhere nearby, a bell rings once and falls silent.",
      "The wind picks up, tugging at your coat as if it wants to show you something.",
    ],
    turns: [
      "Then a stranger appears at the end of the road, walking straight toward you.",
      "A sound carries on the wind, faint and familiar, calling you onward.",
      "A lamp lights up in a window that has been dark all evening.",
    ],
    choices: [
      "Go and meet the stranger",
      "Ask {name} what happens now",
      "Take the road less travelled",
      "Wait and see what comes",
      "Turn back while you still can",
      "Trust your instinct and press on",
    ],
  },
};

/** The opening passage's reminder of the premise. */
export const PREMISE_LINES = ["You remember why you are here: {premise}.", "It all comes back to one thing: {premise}.", "This is how it starts: {premise}."];

/** A later passage's nod back to the premise. */
export const TOPIC_LINES = [
  "Whatever happens next, it still comes back to the {topic}.",
  "You haven't forgotten the {topic}. Neither, it seems, has anyone else.",
];

/** The person's action retold. */
export const ACT_LINES = ["{act}.", "Without hesitating, {act}.", "You take a breath, and {act}.", "{act}, and the moment tips one way instead of another."];

/** The person's words retold. */
export const SAID_LINES = ['You speak up: "{said}"', '"{said}" you say, and let the words hang in the air.'];

/** The lead character's words, with who says them. */
export const SPEECH_LINES = ['"{line}" {name} says.', '"{line}"', 'Then, quietly: "{line}"', '"{line}" The words hang in the air for a moment.'];

/** What another character in the story is doing meanwhile. */
export const COMPANION_LINES = [
  "{other} stays half a step behind {name}, watching you with open curiosity.",
  "{other} catches your eye and gives the smallest nod.",
  "{other} mutters something to {name} that you don't quite catch.",
  "{other} has gone quiet, which is never a good sign.",
];

/** The passage's last line, handing the turn to the person by name. */
export const STORY_HOOKS = [
  "What do you do, {user}?",
  "The next move is yours, {user}.",
  "Choose carefully, {user}.",
  "Where does this go next, {user}?",
  "It's your call, {user}.",
];

/** Who leads the story when it has no characters. */
export const STRANGER = "the stranger";
