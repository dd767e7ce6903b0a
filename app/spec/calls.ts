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

/** The Call button's icon (a phone handset, one 24 px stroked path). */
export const PHONE_ICON =
  "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6 19.8 19.8 0 0 1-3.1-8.7A2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.9.7 2.8a2 2 0 0 1-.4 2.1L8.1 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z";

export const CALL_LIMITS = {
  /** The longest turn heard at once, in seconds (a WAV of 16 kHz, 16-bit mono: under 1 MB). */
  turnSecondsMax: 30,
  /** The most of one sentence spoken at once. */
  sentenceMax: 600,
} as const;
