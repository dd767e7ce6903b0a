import { useEarlierMessages } from "./use-earlier-messages";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isApiError, useApi } from "~/hooks/use-api";
import { jsonHeaders } from "~/lib/browser/api-client";
import { eventStreams } from "~/lib/browser/load-event-streams";
import { toast } from "~/lib/toast";
import type { ChatPicture } from "~/lib/picture";
import { mergeLatest, PAGE_MESSAGES, type ChatMessage, type LatestPart } from "~/user-store/chat-tree";
import { CHAT_MESSAGES, MESSAGES } from "~/spec/messages";
import { readSamplerSettings } from "./sampler-settings";
import { localizeResetMessage } from "~/lib/local-time";
import { useLiveChat } from "./use-live-chat";

/** How often a reply being written elsewhere is read again: while the live updates are not connected, and (slower) while they are, in case an update was lost. */
const FOLLOW_REPLY_MS = 1000;
const FOLLOW_REPLY_LIVE_MS = 4000;

/** The reply this page is writing; in a group, `speakerId` is who answers. */
type Streaming = { messageId: string; text: string; label: string | null; speakerId?: string };
type Ids = { userMessageId: string | null; messageId: string };

/** A message the page shows before the server's next read: the only version of its place, with no siblings. */
const freshMessage = (id: string, parentId: string | null, fields: Pick<ChatMessage, "role" | "content" | "status">): ChatMessage => ({
  id,
  parentId,
  ...fields,
  error: null,
  model: null,
  index: 1,
  count: 1,
  previousId: null,
  nextId: null,
});

/** The reply's bubble while it is written. */
const placeholder = (id: string, parentId: string | null) => freshMessage(id, parentId, { role: "character", content: "", status: "streaming" });

export type ChatState = ReturnType<typeof useChat>;

/** The tester's own system prompt for a character, kept in this browser (spec section 3). */
export const customPromptKey = (characterId: string) => `customSystemPrompt:${characterId}`;

const failed = (description: string) => toast({ title: MESSAGES.generic.errorTitle, description, variant: "destructive" });

/**
 * The chat on screen and every action on it. Replies stream over fetch and server-sent events (a
 * stream cannot go through a fetcher); the other calls are fetchers. The server stores everything,
 * so after each stream the branch is reloaded from it.
 */
export function useChat(
  characterId: string,
  initial: ChatMessage[],
  options: {
    isTester: boolean;
    /** One message was spent here and no live updates are heard (they say what is left themselves). */
    onAllowanceSpent?: () => void;
    onAllowanceEmpty?: (resetAt: string | null) => void;
    /** What is left of the person's messages, as their object tells every open page when it changes. */
    onAllowance?: (left: { remaining: number; resetAt: string }) => void;
    /** A new reply (a send or a regenerate) finished well: Auto Image Generation pictures it. */
    onReplyDone?: (messageId: string) => void;
    /** How many messages of the branch come before `initial` (the page carries only the latest). */
    earlier?: number;
    /** Hear changes made in other tabs and devices as they happen (signed-in people; decision 039). */
    live?: boolean;
    /** Where the conversation's calls go: the chat with the character, or a group (`/api/groups/:id`, decision 051). */
    base?: string;
    /** Earlier messages came with their pictures (a group's answer carries those of the messages it brings). */
    onEarlierPictures?: (pictures: ChatPicture[]) => void;
  },
) {
  // The messages on screen and how many of the branch come before them, set together.
  const [screen, setScreen] = useState<LatestPart>({ messages: initial, earlier: options.earlier ?? 0 });
  const { messages, earlier } = screen;
  const setMessages = (update: (list: ChatMessage[]) => ChatMessage[]) => setScreen((s) => ({ ...s, messages: update(s.messages) }));
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [busy, setBusy] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const base = options.base ?? `/api/chats/${characterId}`;
  // The text so far of replies being written in another tab or device, by message id (decision 039).
  const [elsewhere, setElsewhere] = useState<Record<string, { content: string; done?: boolean }>>({});
  // Each answer that sets the messages takes a number; a read of the chat that started before a newer
  // answer landed is dropped when it arrives, so a slow read never puts back an older state.
  const latest = useRef(0);
  // An answer carries the latest part of the branch (decision 072): what the screen shows above it stays.
  const apply = (part: { messages: ChatMessage[]; earlier?: number }) => {
    setScreen((s) => mergeLatest(s.messages, part));
    setElsewhere({});
  };
  const show = {
    onSuccess: (data: { messages: ChatMessage[]; earlier?: number }) => {
      latest.current++;
      apply(data);
    },
  };
  const { loadEarlier, loadingEarlier, revealMessage } = useEarlierMessages({ base, messages, setScreen, onPictures: options.onEarlierPictures, failed });
  const branch = useApi(show);
  const edit = useApi(show);
  const removal = useApi(show);
  /** Reads the chat on screen again (one function for the life of the page, so the timer that follows a reply is not reset by renders). */
  const refresh = useCallback(() => {
    const ticket = ++latest.current;
    void fetch(`${base}?latest=${PAGE_MESSAGES}`, { headers: { accept: "application/json" } })
      .then((answer) => (answer.ok ? (answer.json() as Promise<{ messages: ChatMessage[]; earlier?: number }>) : null))
      .then((data) => {
        if (data && ticket === latest.current) apply(data);
      })
      // A read that fails leaves the chat as it is; the next change or the timer reads it again.
      .catch(() => undefined);
  }, [base]);
  // While live updates are heard, they bring what is left of the allowance, and a socket that opens
  // again hears it at once; counting here as well would count twice. So the page counts a message
  // itself only when no socket was open from the call's start to its end.
  const hearing = useRef(false);
  const spent = (heardAtStart: boolean) => {
    if (!heardAtStart && !hearing.current) options.onAllowanceSpent?.();
  };
  const stopping = useApi<{ stopped: boolean }>({
    onSuccess: ({ stopped }) => {
      if (stopped) spent(false);
      refresh();
    },
  });

  // Changes made in another tab or device: the chat is read again, unless this tab is writing a reply
  // itself (it reads the chat when that ends); the text of a reply written elsewhere shows as it grows.
  const mine = useRef({ busy, streamingId: streaming?.messageId });
  mine.current = { busy, streamingId: streaming?.messageId };
  const connected = useLiveChat(
    `${base}/live`,
    (event) => {
      if (event.type === "allowance") options.onAllowance?.(event);
      else if (event.type === "progress") {
        if (event.messageId !== mine.current.streamingId)
          setElsewhere((texts) => ({ ...texts, [event.messageId]: { content: event.content, done: event.done } }));
      } else if (!mine.current.busy) refresh();
    },
    options.live ?? false,
  );
  hearing.current = connected;
  const shown = useMemo(
    () =>
      messages.map((m) => {
        const live = m.status === "streaming" ? elsewhere[m.id] : undefined;
        return live ? { ...m, content: live.content, status: live.done ? ("complete" as const) : m.status } : m;
      }),
    [messages, elsewhere],
  );

  // A reply written elsewhere (before a reload, or in another tab) is saved as it grows (decision 030):
  // it is also read again now and then until it ends, in case a live update was lost.
  const writingElsewhere = !streaming && !busy && messages.some((m) => m.status === "streaming");
  useEffect(() => {
    if (!writingElsewhere) return;
    const timer = setInterval(refresh, connected ? FOLLOW_REPLY_LIVE_MS : FOLLOW_REPLY_MS);
    return () => clearInterval(timer);
  }, [writingElsewhere, connected, refresh]);

  /**
   * Runs one streamed generation; `onStart` places the new messages once the server names them. A
   * call refused before it starts answers `ok: false` with the reason (the composer keeps the text).
   */
  async function stream(
    path: string,
    body: Record<string, unknown>,
    onStart: (ids: Ids) => void,
    keepText = "",
    newReply = true,
  ): Promise<{ ok: boolean; error?: string }> {
    const controller = new AbortController();
    abortRef.current = controller;
    const heardAtStart = hearing.current;
    setBusy(true);
    const generation = { ...readSamplerSettings(), ...(options.isTester ? { systemPrompt: localStorage.getItem(customPromptKey(characterId)) } : {}) };
    let error: string | null = null;
    let aborted = false;
    let replyId: string | null = null;
    let current: Streaming | null = null;
    try {
      // Loaded before anything is sent (usually long before: the live updates, on for everyone who can
      // send, start loading it after hydration; decision 074). Should it fail to load, nothing was
      // sent, and the composer keeps the text.
      const streams = await eventStreams().catch(() => null);
      if (!streams) return { ok: false, error: MESSAGES.generic.somethingWentWrong };
      const response = await fetch(path, {
        method: "POST",
        headers: jsonHeaders(),
        body: JSON.stringify({ ...generation, ...body }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const answer: unknown = await response.json().catch(() => ({}));
        const problem = isApiError(answer) ? answer.error : null;
        if (response.status === 429 && problem?.code === "allowance_empty")
          options.onAllowanceEmpty?.(typeof problem.resetAt === "string" ? problem.resetAt : null);
        // What the message box did wrong is said of the message itself ("content: " means nothing to a person).
        const said = problem?.fields?.content ?? problem?.message;
        return { ok: false, error: (said && localizeResetMessage(said, problem?.resetAt)) || MESSAGES.generic.somethingWentWrong };
      }
      const { readSse, parseReplyEvent } = streams;
      await readSse(response.body, (name, data) => {
        const event = parseReplyEvent(name, data);
        if (event?.event === "start") {
          current = { messageId: event.data.messageId, text: keepText, label: event.data.label, speakerId: event.data.speakerId };
          replyId = event.data.messageId;
          onStart(event.data);
          setStreaming(current);
        } else if (event?.event === "token" && current) {
          current = { ...current, text: current.text + event.data.text };
          setStreaming(current);
        } else if (event?.event === "done") {
          // The finished text takes the streamed text's place in the same frame: the bubble is never
          // empty while the chat is read again (issue 61).
          const { messageId, content } = event.data;
          setMessages((list) => list.map((m) => (m.id === messageId ? { ...m, content, status: "complete" } : m)));
        } else if (event?.event === "error") {
          error = event.data.error;
        }
      });
      if (!error) spent(heardAtStart);
      if (!error && newReply && replyId) options.onReplyDone?.(replyId);
      return { ok: true };
    } catch (thrown) {
      if ((thrown as Error).name === "AbortError") {
        aborted = true;
        return { ok: true };
      }
      error = CHAT_MESSAGES.connectionDropped;
      return { ok: false, error };
    } finally {
      abortRef.current = null;
      // After Stop, the stop call reloads the branch once the server has saved what was shown; until
      // then the bubble keeps what it showed.
      const shownText = (current as Streaming | null)?.text;
      const shownId = (current as Streaming | null)?.messageId;
      if (aborted && shownId && shownText) setMessages((list) => list.map((m) => (m.id === shownId ? { ...m, content: shownText } : m)));
      if (!aborted) refresh();
      setStreaming(null);
      setBusy(false);
      if (error) failed(error);
    }
  }

  /**
   * Sends a message after `parentId` (the last message by default; an earlier one starts a branch).
   * In a group, `extra` says who answers; an empty `content` there lets a character speak on their own.
   */
  function send(content: string, parentId?: string | null, extra: Record<string, unknown> = {}) {
    const cut = parentId === undefined ? messages.length : messages.findIndex((m) => m.id === parentId) + 1;
    const body = { ...(content ? { content } : {}), ...(parentId !== undefined ? { parentId } : {}), ...extra };
    return stream(`${base}/messages`, body, ({ userMessageId, messageId }) => {
      if (!userMessageId) return setMessages((list) => [...list.slice(0, cut), placeholder(messageId, list[cut - 1]?.id ?? null)]);
      const userMessage = freshMessage(userMessageId, parentId ?? messages.at(-1)?.id ?? null, { role: "user", content, status: "complete" });
      setMessages((list) => [...list.slice(0, cut), userMessage, placeholder(messageId, userMessageId)]);
    });
  }

  function regenerate(message: ChatMessage) {
    return stream(`${base}/messages/${message.id}/regenerate`, {}, ({ messageId }) => {
      setMessages((list) => [
        ...list.slice(
          0,
          list.findIndex((m) => m.id === message.id),
        ),
        placeholder(messageId, message.parentId),
      ]);
    });
  }

  function continueMessage(message: ChatMessage) {
    return stream(`${base}/messages/${message.id}/continue`, {}, () => undefined, message.content, false);
  }

  /**
   * In a call (issue 63): the person spoke over a reply, which keeps `heard` (the start of its text
   * they heard), marked interrupted; it stops being written if it still was.
   */
  function interrupt(messageId: string, heard: string) {
    if (streaming?.messageId === messageId) abortRef.current?.abort();
    stopping.submit(`${base}/messages/${messageId}/stop`, "POST", { content: heard, interrupted: true });
  }

  /** Stop: the reply keeps what is on screen. */
  function stop() {
    const current = streaming;
    abortRef.current?.abort();
    if (current) stopping.submit(`${base}/messages/${current.messageId}/stop`, "POST", { content: current.text });
    else refresh();
  }

  /**
   * Reads what is left of the messages now (once the reset time has passed): the read refills the
   * allowance in the person's object, which also tells every other open page.
   */
  const readAllowance = () => {
    void fetch("/api/me", { headers: { accept: "application/json" } })
      .then((answer) => (answer.ok ? (answer.json() as Promise<{ user?: { messageToken?: { token: number; resetAt: string } | null } }>) : null))
      .then((me) => {
        const left = me?.user?.messageToken;
        if (left) options.onAllowance?.({ remaining: left.token, resetAt: left.resetAt });
      })
      // A read that fails leaves the box open; the next send says what is left.
      .catch(() => undefined);
  };

  return {
    messages: shown,
    /** Whether this page hears changes made elsewhere as they happen (its live updates are connected). */
    live: connected,
    /** Messages of the branch not loaded yet, before the first one here. */
    earlier,
    loadingEarlier,
    loadEarlier,
    revealMessage,
    streaming,
    busy,
    send,
    regenerate,
    continueMessage,
    stop,
    interrupt,
    refresh,
    readAllowance,
    showBranch: (messageId: string) => branch.submit(`${base}/leaf`, "PUT", { messageId }),
    editCharacterMessage: (message: ChatMessage, content: string) => edit.submit(`${base}/messages/${message.id}`, "PUT", { content }),
    remove: (message: ChatMessage) => removal.submit(`${base}/messages/${message.id}`, "DELETE"),
  };
}
