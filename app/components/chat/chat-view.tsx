import { Link } from "react-router";
import { Suspense, useEffect, useRef, useState } from "react";
import { onOpenCall } from "~/lib/browser/call-events";
import { LazyCallScreen } from "~/components/call/lazy-call-screen.client";
import { openDetails } from "~/lib/browser/details-events";
import { toast } from "~/lib/toast";
import type { ChatMessage } from "~/user-store/chat-tree";
import { Composer } from "./composer";
import { BranchTree } from "./branch-tree";
import { bubblesOf, MessageItem, type MessageActions } from "./message-item";
import { IconSprite, MESSAGE_ICONS } from "../icons";
import { useApi } from "~/hooks/use-api";
import { fillPlaceholders } from "~/lib/chat/prompt";
import { browserVoiceFor, browserVoiceKey, speakInBrowser } from "~/components/chat/speak";
import { CHAT_MESSAGES, JOB_MESSAGES, MEMORY_MESSAGES } from "~/spec/messages";
import { OFFLINE_NOTICE } from "~/spec/pages";
import { speechText } from "~/lib/providers/speech/speech-text";
import { useChat } from "./use-chat";
import { useAllowance } from "./use-allowance";
import { useServerVoice } from "./use-server-voice";
import { useVersionKeys } from "./use-version-keys";
import { ChatFrame } from "./chat-frame";
import { LazyMemoryUsedDialog } from "./lazy-memory-used.client";
import { useFollowReply } from "./follow-reply";
import { EarlierMessages } from "./earlier-messages";
import { ChatBackground, MessagePictures, pictureView, useChatPictures } from "./chat-pictures";
import { PictureJob } from "~/components/images/use-picture-job";
import { chatPicture, type ChatPicture } from "~/lib/picture";

export type ChatViewProps = {
  characterId: string;
  characterName: string;
  thumbnailUrl: string;
  userName: string;
  messages: ChatMessage[];
  /** How many messages of the branch come before `messages`; they load when the person scrolls up. */
  earlier: number;
  signedIn: boolean;
  modelLabel: string | null;
  /** Replies come from the built-in demo writer: the chat says so once. */
  demoWriter: boolean;
  voice: string;
  prefs: {
    chatUI: string;
    chatLayout: string;
    userMessageBubble: boolean;
    characterMessageBubble: boolean;
    userMessageBubbleColor: string;
    characterMessageBubbleColor: string;
    fontSize: number;
    enterToSend: boolean;
    dialogueOnlyVocals: boolean;
    showImages: boolean;
    autoImageGeneration: boolean;
    mobileImageView: string;
    showNsfwThumbnails: boolean;
  };
  /** The pictures made in this chat, each with its message. */
  pictures?: ChatPicture[];
  allowance: { unlimited: boolean; remaining: number; resetAt: string | null } | null;
  isTester: boolean;
  speechProvider: "browser" | "kokoro";
  /** For guests: the greeting and its alternates, swiped in the page. */
  greetings?: string[];
  /** The character was deleted or made private: the person reads their chat, and writes nothing more. */
  unavailable?: boolean;
  /** The messages remembered (pinned in Memory). */
  pinned?: string[];
};

const LAYOUT: Record<string, string> = { Left: "md:mr-auto md:ml-8", Center: "mx-auto", Right: "md:ml-auto md:mr-8" };

/** The conversation and the composer. */
export function ChatView(props: ChatViewProps) {
  const [allowance, allowanceChanges] = useAllowance(props.allowance);
  const pictures = useChatPictures((messageId) => `/api/chats/${props.characterId}/messages/${messageId}/image`, props.pictures ?? []);
  const view = pictureView(props.prefs);
  const chat = useChat(props.characterId, props.messages, {
    onReplyDone: (messageId) => {
      if (props.prefs.autoImageGeneration && props.prefs.showImages) void pictures.make(messageId);
    },
    isTester: props.isTester,
    ...allowanceChanges,
    earlier: props.earlier,
    live: props.signedIn,
  });
  const serverVoice = useServerVoice((messageId) => ({ url: "/api/speech", body: { characterId: props.characterId, messageId } }));
  // Remembered messages wear a pin (issue 61); the toast opens the Memory tab.
  const [pinned, setPinned] = useState(() => new Set(props.pinned ?? []));
  const rememberingId = useRef<string | null>(null);
  // The pin shows from here and the Memory tab reads its own list: the page's data is not read again
  // (a 200-message chat's), nor a reload in flight cut short by it.
  const remembering = useApi({
    revalidate: false,
    success: {
      title: MEMORY_MESSAGES.remembered,
      description: MEMORY_MESSAGES.rememberedHint,
      action: { label: MEMORY_MESSAGES.openMemory, onSelect: () => openDetails("memory") },
    },
    onSuccess: () => {
      const id = rememberingId.current;
      if (id) setPinned((now) => new Set(now).add(id));
    },
    errorTitle: MEMORY_MESSAGES.failedTitle,
  });

  // A voice call (issue 63): the header's Call button opens it over this chat.
  const [calling, setCalling] = useState(false);
  const callable = !!props.signedIn && !props.unavailable;
  useEffect(() => (callable ? onOpenCall(() => setCalling(true)) : undefined), [callable]);

  const follow = useFollowReply(chat.messages.at(-1)?.id, chat.streaming?.text);
  const [branchesOpen, setBranchesOpen] = useState(false);
  const [usedOf, setUsedOf] = useState<string | null>(null);
  const actions: MessageActions = {
    regenerate: (m) => void chat.regenerate(m),
    showBranch: (id) => void chat.showBranch(id),
    openBranches: () => setBranchesOpen(true),
    editCharacter: (m, content) => chat.editCharacterMessage(m, content),
    editUser: (m, content) => void chat.send(content, m.parentId),
    remove: (m) => void chat.remove(m),
    continueMessage: (m) => void chat.continueMessage(m),
    picture: (m) => void pictures.make(m.id),
    remember: props.signedIn
      ? (m) => {
          rememberingId.current = m.id;
          remembering.submit(`/api/chats/${props.characterId}/memory/pins`, "POST", { messageId: m.id });
        }
      : undefined,
    showMemory: props.signedIn ? (m) => setUsedOf(m.id) : undefined,
    play: (m) => {
      if (props.speechProvider === "kokoro") return serverVoice(m.id);
      const spoken = speakInBrowser(
        speechText(fillPlaceholders(m.content, props.userName, props.characterName), props.prefs.dialogueOnlyVocals),
        props.voice,
        localStorage.getItem(browserVoiceKey(props.characterId)),
      );
      if (!spoken) toast({ title: JOB_MESSAGES.voiceTitle, description: JOB_MESSAGES.browserCannotSpeak, variant: "destructive" });
    },
  };
  useVersionKeys(chat.messages.at(-1), !!props.signedIn && !props.unavailable && !chat.busy && !chat.streaming, actions);
  // Guests can swipe the greetings here in the page; everything else needs an account.
  const [greeting, setGreeting] = useState(0);
  const guestActions: MessageActions = {
    ...actions,
    showBranch: (id) =>
      setGreeting(
        Math.max(
          0,
          (props.greetings ?? []).findIndex((_, i) => `greeting-${i}` === id),
        ),
      ),
  };
  const shown =
    props.signedIn || !props.greetings?.length
      ? chat.messages
      : chat.messages.map((m, i) => (i === 0 ? { ...m, content: props.greetings![greeting], index: greeting + 1 } : m));
  const bubbles = bubblesOf(props.prefs);

  const onScreen = new Set(shown.map((m) => m.id));
  const latest = pictures.pictures.filter((p) => p.messageId && onScreen.has(p.messageId)).at(-1);

  return (
    <div
      className={`relative isolate flex h-[calc(100dvh-3.5rem)] w-full max-w-3xl flex-col ${LAYOUT[props.prefs.chatLayout] ?? LAYOUT.Center}`}
      data-testid="chat-view"
      data-layout={props.prefs.chatLayout}
      data-live={chat.live ? "connected" : "off"}
    >
      <ChatBackground picture={latest} view={view} />
      {pictures.jobs.map((j) => (
        <PictureJob key={j.jobId} jobId={j.jobId} onDone={(p, error) => pictures.done(j.jobId, p && chatPicture(p), error)} />
      ))}
      <ChatFrame
        follow={follow}
        firstId={chat.messages[0]?.id}
        overlay={
          props.signedIn && (
            <BranchTree
              characterId={props.characterId}
              open={branchesOpen}
              onOpenChange={setBranchesOpen}
              onShow={(tipId) => void chat.showBranch(tipId)}
              names={{ user: props.userName, character: props.characterName }}
            />
          )
        }
        footer={
          props.unavailable ? (
            <p className="py-2 text-center text-sm text-zinc-300" role="status" data-testid="character-unavailable">
              {CHAT_MESSAGES.characterUnavailable(props.characterName)}
            </p>
          ) : (
            <Composer
              characterName={props.characterName}
              signedIn={props.signedIn}
              enterToSend={props.prefs.enterToSend}
              streaming={!!chat.streaming}
              busy={chat.busy}
              allowance={allowance}
              onSend={(text) => (follow.toBottom(), chat.send(text))}
              onStop={chat.stop}
              onReset={chat.readAllowance}
            />
          )
        }
      >
        {props.demoWriter && <DemoWriterNotice />}
        {chat.earlier > 0 && <EarlierMessages count={chat.earlier} loading={chat.loadingEarlier} onLoad={chat.loadEarlier} />}
        <IconSprite names={MESSAGE_ICONS} />
        <ol className="flex flex-col gap-5" aria-label="Messages" aria-live="polite">
          {shown.map((m, i) => (
            <MessageItem
              key={m.id}
              message={m}
              streamingText={chat.streaming?.messageId === m.id ? chat.streaming.text : null}
              names={{ user: props.userName, character: props.characterName }}
              thumbnailUrl={props.thumbnailUrl}
              bubbles={bubbles}
              chatUI={props.prefs.chatUI === "v1" ? "v1" : "v2"}
              busy={chat.busy}
              readOnly={!props.signedIn}
              later={chat.messages.length - 1 - i}
              actions={props.signedIn ? actions : guestActions}
              label={props.modelLabel}
              canPicture={props.signedIn && view.show}
              pinned={pinned.has(m.id)}
              pictures={<MessagePictures pictures={pictures.pictures.filter((p) => p.messageId === m.id)} painting={pictures.painting(m.id)} view={view} />}
            />
          ))}
        </ol>
      </ChatFrame>
      {calling && LazyCallScreen && (
        <Suspense fallback={null}>
          <LazyCallScreen
            target={{ characterId: props.characterId }}
            name={props.characterName}
            thumbnailUrl={props.thumbnailUrl}
            chat={{
              send: (content) => chat.send(content),
              streaming: chat.streaming,
              textOf: (id) => chat.messages.find((m) => m.id === id)?.content ?? null,
              interrupt: chat.interrupt,
            }}
            browserVoice={() => browserVoiceFor(props.voice, localStorage.getItem(browserVoiceKey(props.characterId)))}
            onClose={() => setCalling(false)}
          />
        </Suspense>
      )}
      {props.signedIn && usedOf && LazyMemoryUsedDialog && (
        <Suspense fallback={null}>
          <LazyMemoryUsedDialog
            base={`/api/chats/${props.characterId}`}
            messageId={usedOf}
            onClose={() => setUsedOf(null)}
            nameOf={(m) => (m.role === "user" ? props.userName : props.characterName)}
            onKept={(id) => setPinned((now) => new Set(now).add(id))}
            onShow={(id) => {
              setUsedOf(null);
              follow.leaveBottom();
              void import("./reveal-message")
                .then(({ showInChat }) => showInChat(chat.revealMessage, id, follow.leaveBottom))
                .then((shown) => shown || failedToShow());
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A recalled message no longer on the branch on screen (deleted, or another branch shown since). */
const failedToShow = () => toast({ title: MEMORY_MESSAGES.usedTitle, description: MEMORY_MESSAGES.usedGone, variant: "destructive" });

/** Said once at the top of the chat: what writes the replies, and where to connect a real model. */
function DemoWriterNotice() {
  return (
    <div
      className="mb-5 flex flex-wrap items-center gap-x-3 rounded-lg border border-zinc-800 bg-zinc-900/60 px-3 py-1 text-xs text-zinc-400"
      data-testid="demo-writer-notice"
    >
      <p className="py-1">{OFFLINE_NOTICE.text}</p>
      <Link to={OFFLINE_NOTICE.href} className="inline-flex min-h-11 items-center text-brand-300 underline sm:min-h-8">
        {OFFLINE_NOTICE.link}
      </Link>
    </div>
  );
}
