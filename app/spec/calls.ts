/**
 * Voice calls (issue 63): the words the call screen and its calls say. The product spec has no call
 * screen; these follow its voice (plain, short, what to do next).
 */
export const CALL_MESSAGES = {
  /** The call button in a chat's header. */
  call: "Call",
  callWith: (name: string) => `Call ${name}`,
  endCall: "End call",
  mute: "Mute",
  unmute: "Unmute",
  connecting: "Connecting…",
  listening: "Listening…",
  hearing: "Hearing you…",
  thinking: "Thinking…",
  speaking: (name: string) => `${name} is speaking`,
  muted: "Muted: the character can't hear you",
  youSaid: "You",
  minutesLeft: (minutes: number) => (minutes === 1 ? "1 minute of calls left" : `${minutes} minutes of calls left`),
  /** Asked for a call with no call time left, or when it ran out during the call. */
  minutesUsed: (resetAt: string) => `You've used your call minutes for now. They come back at ${resetAt}.`,
  pickChat: "Choose a character or a group to call.",
  ended: "This call has ended. Start a new call to keep talking.",
  endedNote: "Call ended. Everything you said is in the chat.",
  noMicrophone: "Reverie can't use your microphone. Allow it in your browser's site settings, then call again.",
  noRecognition:
    "This browser can't turn speech into text by itself, and this server has no speech-to-text service. Try Chrome or Edge, or ask the site's operator to configure one.",
  hearingFailed: "We couldn't hear that just now. Say it again, or type it.",
  tooLong: "That turn was too long to hear at once. Keep each turn under 30 seconds.",
  noAudio: "No sound arrived. Check your microphone and try again.",
  notAudio: "That isn't audio we can hear (a WAV, WebM or Ogg recording).",
  nothingToSay: "There is nothing to say aloud here.",
  interrupted: "Interrupted",
} as const;

export const CALL_LIMITS = {
  /** The longest turn heard at once, in seconds (a WAV of 16 kHz, 16-bit mono: under 1 MB). */
  turnSecondsMax: 30,
  /** The most of one sentence spoken at once. */
  sentenceMax: 600,
} as const;
