/** Group chats' words and limits (issue 26; the spec has no group chats, so these are ours, decision 051). */
export const GROUP_LIMITS = {
  membersMin: 2,
  membersMax: 5,
  nameMax: 60,
  scenarioMax: 2000,
  /** How many turns "Continue the scene" lets the characters take on their own (each spends a message). */
  sceneTurnsMax: 3,
} as const;

/** How many groups a person keeps, by tier (decision 051): a paid tier keeps more. */
export const GROUPS_BY_TIER = { FREE: 3, SILVER: 10, GOLD: 30 } as const;

export const GROUP_MODES = ["natural", "turn", "manual"] as const;
export type GroupMode = (typeof GROUP_MODES)[number];

export const GROUP_MODE_LABELS: Record<GroupMode, { label: string; hint: string }> = {
  natural: { label: "Natural", hint: "Whoever you name answers; otherwise whoever has something to say, or has been quiet longest." },
  turn: { label: "In turn", hint: "The characters answer one after another, in the order of the group." },
  manual: { label: "Manual", hint: "You pick who answers each time." },
};

export const GROUP_MESSAGES = {
  pickMembers: `Pick ${GROUP_LIMITS.membersMin} to ${GROUP_LIMITS.membersMax} characters for the group.`,
  memberGone: "One of those characters is not available any more.",
  nameTooLong: `Keep the group's name under ${GROUP_LIMITS.nameMax} characters.`,
  scenarioTooLong: `Keep the scenario under ${GROUP_LIMITS.scenarioMax} characters.`,
  notFound: "This group does not exist, or it is not yours.",
  limitReached: (max: number) => `You have ${max} groups, as many as your plan keeps. Delete one, or upgrade to keep more.`,
  pickSpeaker: "Pick who answers next.",
  notAMember: "That character is not in this group, or is muted.",
  nobodyToSpeak: "Every member is muted or gone. Unmute someone to go on.",
  memberUnavailable: "No longer available",
} as const;

export const GROUP_COPY = {
  title: "Group chats",
  description: "Two to five characters in one conversation. Name one to have them answer, or let the scene play out.",
  yourGroups: "Your groups",
  none: "No groups yet. Pick two to five characters above to start one.",
  newGroup: "New group",
  membersLabel: `Characters (${GROUP_LIMITS.membersMin} to ${GROUP_LIMITS.membersMax})`,
  nameLabel: "Name",
  nameHint: "Leave empty to name it after its members.",
  scenarioLabel: "Scenario",
  scenarioHint: "Where they are and what is going on (optional).",
  start: "Start the group",
  starting: "Starting…",
  whoseNext: "Who's next",
  anyone: "Let the group decide",
  modeLabel: "Who speaks",
  continueScene: "Continue the scene",
  stop: "Stop",
  settings: "Group settings",
  muted: "Muted",
  addMembers: `Add or remove characters (${GROUP_LIMITS.membersMin} to ${GROUP_LIMITS.membersMax})`,
  mute: "Mute",
  unmute: "Unmute",
  deleteGroup: "Delete group",
  deleteConfirm: "Delete this group and its whole conversation? This cannot be undone.",
  memory: "Memory",
  rememberedHint: "The group will remember it. See it under Memory in the group's settings.",
  startGroup: "Start a group",
  noMessagesYet: "Say hello, or press Continue the scene to let them begin.",
} as const;
