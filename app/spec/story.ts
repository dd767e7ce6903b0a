/** Story mode's words and limits (spec sections 3, 5, 7 and 8; what the spec leaves open is ours, decision 019). */
export const STORY_LIMITS = {
  charactersMax: 3,
  premiseMax: 2000,
  actionMax: 1000,
  titleMax: 80,
  /** Tokens a passage may use (ours: a passage and its choices need more room than a chat reply). */
  passageTokens: 400,
  /** Share of the context a running summary of trimmed passages may take. */
  summaryShare: 0.15,
  /** Share of the context the characters' lorebooks may take. */
  loreShare: 0.2,
} as const;

export const STORY_GENRES = ["Fantasy", "Romance", "Mystery", "Horror", "Sci-fi", "Adventure", "Comedy", "Slice of life"] as const;

export const STORY_MESSAGES = {
  /** Spec section 8. */
  invalidResponse: "Invalid AI response format",
  /** What the model wrote referred to minors: nothing of it is shown or kept (decision 026). */
  withheld: "The safety filter held this passage back. Try again, or take the story somewhere else.",
  notFound: "This story does not exist, or it is not yours.",
  pickCharacters: "Pick one to three characters for your story.",
  characterGone: "One of the characters is not available any more.",
  pickGenre: "Pick a genre or tone.",
  premiseTooLong: `Keep the premise under ${STORY_LIMITS.premiseMax} characters.`,
  actionTooLong: `Keep your action under ${STORY_LIMITS.actionMax} characters.`,
  chooseOrAct: "Pick a choice or write what you do.",
  choiceGone: "That choice is not offered at this point of the story.",
  passageGone: "That part of the story is gone. Reload the page.",
  writeSomething: "Write the passage first.",
  titleRequired: "Please enter a title for the story",
  nothingToUndo: "There is nothing to undo: this is the story's opening.",
  startDropped: "The connection dropped. If the story was written, it is under Your stories; otherwise press Retry.",
  connectionDropped: "The connection dropped before the passage arrived. Press Retry.",
  failed: "The story could not go on. Nothing was spent; try again.",
} as const;

export const STORY_COPY = {
  title: "Story Mode",
  description: "Interactive stories with your characters: pick a premise and a genre, then choose what happens next.",
  newStory: "New story",
  charactersLabel: "Characters (up to 3)",
  premiseLabel: "Premise",
  premisePlaceholder: "Where does it start? Who are you, what is at stake?",
  useScenario: "Use the character's scenario",
  genreLabel: "Genre or tone",
  personaLabel: "You play",
  start: "Start the story",
  yourStories: "Your stories",
  none: "No stories yet. Start one above.",
  actionLabel: "Or write what you do",
  titleLabel: "Title",
  actionPlaceholder: "I open the letter…",
  act: "Do it",
  undo: "Undo last turn",
  /** Undo removes a turn for good (issue 61): it asks first, as Delete does. */
  undoConfirmTitle: "Undo the last turn?",
  undoConfirm: "The last passage and what you chose before it are removed, and cannot be brought back.",
  rename: "Rename",
  delete: "Delete",
  deleteConfirm: "Delete this story? Every passage and branch goes with it.",
  retry: "Retry",
  writing: "Writing…",
  lastPlayed: "Last played",
  resume: "Resume",
  back: "All stories",
  branch: "Branch",
} as const;
