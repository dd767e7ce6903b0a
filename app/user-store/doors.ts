/**
 * The typed door to a person's object, one per area (issue 60; ARCHITECTURE.md, Layers): the object
 * hands out a `ChatsDoor`, `StoriesDoor`, `GroupsDoor` or `MemoryDoor` (Workers RPC `RpcTarget`s) once it
 * has checked who owns it, and the models call its methods by name with their own types. Each method
 * that changes what a page shows says itself which chat it changed, so the live updates (decision 039)
 * need no guessing from argument positions. Only methods are reachable over RPC; the tables stay private.
 */
import { RpcTarget } from "cloudflare:workers";
import type { ImportedChat } from "~/lib/chat/sillytavern";
import type { RecallAsk } from "~/lib/chat/recall";
import type { AllowanceConfig, AllowanceTables } from "./allowances";
import type { CallTables } from "./calls";
import type { ChatFiles } from "./chat-files";
import type { CharacterSnapshot, ChatRead, ChatTables } from "./chats";
import { groupChatKey, type GroupChange, type GroupTables } from "./groups";
import type { MemoryTables } from "./memory";
import type { AllowanceKind } from "./schema";
import type { SettingsChange, SettingsTables } from "./settings";
import type { StoryTables } from "./stories";

/** Tells the pages open on a chat (its character's id, or `group:<id>`) that it changed. */
export type TellChanged = (key: string) => void;

/** Whether an operation's answer means it changed nothing: not found, refused, or the chat's last greeting kept. */
const changedNothing = (result: unknown) => result === null || result === false || result === undefined || result === "only_greeting";

export class ChatsDoor extends RpcTarget {
  readonly #chats: ChatTables;
  readonly #files: ChatFiles;
  readonly #tell: TellChanged;

  constructor(chats: ChatTables, files: ChatFiles, tell: TellChanged) {
    super();
    this.#chats = chats;
    this.#files = files;
    this.#tell = tell;
  }

  /**
   * Runs a change and tells the pages on the character it touched. The character is found before the
   * change runs: a deleted message no longer names its chat after it.
   */
  #change<T>(where: { chatId?: string; messageId?: string; characterId?: string }, run: () => T): T {
    const characterId = where.characterId ?? this.#chats.characterOf(where);
    const result = run();
    if (characterId && !changedNothing(result)) this.#tell(characterId);
    return result;
  }

  // Reads.
  open(character: CharacterSnapshot, options: ChatRead & { create?: boolean } = {}) {
    return this.#chats.open(character, options);
  }
  find(characterId: string, chatId: string) {
    return this.#chats.find(characterId, chatId);
  }
  screen(chatId: string, leafId: string | null) {
    return this.#chats.screen(chatId, leafId);
  }
  list(characterId: string) {
    return this.#chats.list(characterId);
  }
  findMessage(messageId: string) {
    return this.#chats.findMessage(messageId);
  }
  messagesIn(chatId: string, ids: string[]) {
    return this.#chats.messagesIn(chatId, ids);
  }
  recentCharacters(limit: number) {
    return this.#chats.recentCharacters(limit);
  }
  recentChats(limit: number) {
    return this.#chats.recentChats(limit);
  }
  recentConversations(limit: number) {
    return this.#chats.recentConversations(limit);
  }
  sentTo(characterId: string, atMost: number) {
    return this.#chats.sentTo(characterId, atMost);
  }

  // Changes: each tells the pages open on the chat's character.
  create(character: CharacterSnapshot, title = "") {
    return this.#change({ characterId: character.id }, () => this.#chats.create(character, title));
  }
  copy(character: CharacterSnapshot, title: string, fromChatId: string) {
    return this.#change({ characterId: character.id }, () => this.#chats.copy(character, title, fromChatId));
  }
  select(characterId: string, chatId: string) {
    return this.#change({ characterId }, () => this.#chats.select(characterId, chatId));
  }
  delete(characterId: string, chatId: string) {
    return this.#change({ characterId }, () => this.#chats.delete(characterId, chatId));
  }
  rename(chatId: string, title: string) {
    return this.#change({ chatId }, () => this.#chats.rename(chatId, title));
  }
  addSwipe(chatId: string, targetId: string, model: string) {
    return this.#change({ chatId }, () => this.#chats.addSwipe(chatId, targetId, model));
  }
  retryInPlace(chatId: string, replyId: string, model: string) {
    return this.#change({ chatId }, () => this.#chats.retryInPlace(chatId, replyId, model));
  }
  editInto(chatId: string, targetId: string, content: string, size: number) {
    return this.#change({ chatId }, () => this.#chats.editInto(chatId, targetId, content, size));
  }
  showBranch(chatId: string, messageId: string, size: number) {
    return this.#change({ chatId }, () => this.#chats.showBranch(chatId, messageId, size));
  }
  deleteMessage(chatId: string, id: string, size: number, keepGreeting = false) {
    return this.#change({ chatId }, () => this.#chats.deleteMessage(chatId, id, size, keepGreeting));
  }
  reopenForContinue(replyId: string) {
    return this.#change({ messageId: replyId }, () => this.#chats.reopenForContinue(replyId));
  }
  failReply(replyId: string, outcome: Parameters<ChatTables["failReply"]>[1]) {
    return this.#change({ messageId: replyId }, () => this.#chats.failReply(replyId, outcome));
  }
  interruptReply(replyId: string, heard: string, kept: string) {
    return this.#change({ messageId: replyId }, () => this.#chats.interruptReply(replyId, heard, kept));
  }
  stopReply(replyId: string, content: string, interrupted = false) {
    return this.#change({ messageId: replyId }, () => this.#chats.stopReply(replyId, content, interrupted));
  }
  redact(messageId: string, text: string) {
    return this.#change({ messageId }, () => this.#chats.redact(messageId, text));
  }

  // Chat files (decision 046).
  /** An imported chat file, made the chat on screen with the character. */
  importFile(character: CharacterSnapshot, title: string, file: ImportedChat) {
    return this.#change({ characterId: character.id }, () => this.#files.importChat(character, title, file));
  }
  /** The branch on screen of the chat with a character (or of one of the chats with it), for a file. */
  exportFile(characterId: string, chatId?: string) {
    return this.#files.exportBranch(characterId, chatId);
  }
}

export class StoriesDoor extends RpcTarget {
  readonly #stories: StoryTables;

  constructor(stories: StoryTables) {
    super();
    this.#stories = stories;
  }

  load(storyId: string) {
    return this.#stories.load(storyId);
  }
  list(limit: number) {
    return this.#stories.list(limit);
  }
  create(...args: Parameters<StoryTables["create"]>) {
    return this.#stories.create(...args);
  }
  appendTurn(turn: Parameters<StoryTables["appendTurn"]>[0]) {
    return this.#stories.appendTurn(turn);
  }
  rename(storyId: string, title: string) {
    return this.#stories.rename(storyId, title);
  }
  showBranch(storyId: string, leafId: string) {
    return this.#stories.showBranch(storyId, leafId);
  }
  undo(storyId: string) {
    return this.#stories.undo(storyId);
  }
  delete(storyId: string) {
    return this.#stories.delete(storyId);
  }
}

export class GroupsDoor extends RpcTarget {
  readonly #groups: GroupTables;
  readonly #tell: TellChanged;

  constructor(groups: GroupTables, tell: TellChanged) {
    super();
    this.#groups = groups;
    this.#tell = tell;
  }

  /** Runs a change to a group and, when it changed something, tells the pages open on it. */
  #change<T>(groupId: string, result: T): T {
    if (result) this.#tell(groupChatKey(groupId));
    return result;
  }

  list() {
    return this.#groups.list();
  }
  get(id: string) {
    return this.#groups.get(id);
  }
  view(...args: Parameters<GroupTables["view"]>) {
    return this.#groups.view(...args);
  }
  create(...args: Parameters<GroupTables["create"]>) {
    return this.#groups.create(...args);
  }
  update(id: string, change: GroupChange) {
    return this.#change(id, this.#groups.update(id, change));
  }
  delete(id: string) {
    return this.#change(id, this.#groups.delete(id));
  }
  appendTurn(input: Parameters<GroupTables["appendTurn"]>[0]) {
    return this.#change(input.groupId, this.#groups.appendTurn(input));
  }
}

export class MemoryDoor extends RpcTarget {
  readonly #memory: MemoryTables;

  constructor(memory: MemoryTables) {
    super();
    this.#memory = memory;
  }

  pins(chatId: string) {
    return this.#memory.pins(chatId);
  }
  pin(...args: Parameters<MemoryTables["pin"]>) {
    return this.#memory.pin(...args);
  }
  edit(chatId: string, pinId: string, text: string) {
    return this.#memory.edit(chatId, pinId, text);
  }
  unpin(chatId: string, pinId: string) {
    return this.#memory.unpin(chatId, pinId);
  }
  clear(chatId: string) {
    return this.#memory.clear(chatId);
  }
  summaries(chatId: string) {
    return this.#memory.summaries(chatId);
  }
  editSummary(chatId: string, throughMessageId: string, text: string) {
    return this.#memory.editSummary(chatId, throughMessageId, text);
  }
  /** The older moments of the branch through `lastId` that `ask` calls up (issue 62). */
  async recall(chatId: string, lastId: string, ask: RecallAsk) {
    const query = await this.#memory.vectors.queryVector(ask.query);
    return this.#memory.recall.search(chatId, lastId, ask, query);
  }
}

export class SettingsDoor extends RpcTarget {
  readonly #settings: SettingsTables;

  constructor(settings: SettingsTables) {
    super();
    this.#settings = settings;
  }

  get(characterId: string) {
    return this.#settings.get(characterId);
  }
  save(characterId: string, change: SettingsChange, defaults: { model: string }) {
    return this.#settings.save(characterId, change, defaults);
  }
}

/** The message and picture allowances (decision 042): each call is decided atomically in the object. */
export class AllowancesDoor extends RpcTarget {
  readonly #allowances: AllowanceTables;

  constructor(allowances: AllowanceTables) {
    super();
    this.#allowances = allowances;
  }

  /** As it stands (the first read after its period refills it). */
  read(kind: AllowanceKind, config: AllowanceConfig, now = Date.now()) {
    return this.#allowances.read(kind, config, now);
  }
  /** One taken, atomically: parallel calls are decided one after another. */
  reserve(kind: AllowanceKind, config: AllowanceConfig, now = Date.now()) {
    return this.#allowances.reserve(kind, config, now);
  }
  /** One given back to the period it was taken from; false when that period is over. */
  refund(kind: AllowanceKind, resetAt: Date, size: number) {
    return this.#allowances.refund(kind, resetAt, size);
  }
}

/** The owner's voice calls (issue 63): each call's time charged from the "call" allowance, atomically. */
export class CallsDoor extends RpcTarget {
  readonly #calls: CallTables;

  constructor(calls: CallTables) {
    super();
    this.#calls = calls;
  }

  start(callId: string, chatKey: string, config: AllowanceConfig, now = Date.now()) {
    return this.#calls.start(callId, chatKey, config, now);
  }
  charge(callId: string, config: AllowanceConfig, now = Date.now()) {
    return this.#calls.charge(callId, config, now);
  }
  end(callId: string, config: AllowanceConfig, now = Date.now()) {
    return this.#calls.end(callId, config, now);
  }
}
