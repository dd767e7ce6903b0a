import { Suspense, useRef, useState } from "react";
import { Composer } from "~/components/chat/composer";
import { useFollowReply } from "~/components/chat/follow-reply";
import { EarlierMessages } from "~/components/chat/earlier-messages";
import { ChatFrame } from "~/components/chat/chat-frame";
import { LazyMemoryUsedDialog } from "~/components/chat/lazy-memory-used.client";
import { bubblesOf, MessageItem, type MessageActions } from "~/components/chat/message-item";
import { browserVoiceFor, speakInBrowser } from "~/components/chat/speak";
import { LazyCallScreen } from "~/components/call/lazy-call-screen.client";
import { IconButton } from "~/components/ui/icon-button";
import { CALL_MESSAGES, PHONE_ICON } from "~/spec/calls";
import { ChatBackground, MessagePictures, pictureView, useChatPictures } from "~/components/chat/chat-pictures";
import { useChat } from "~/components/chat/use-chat";
import { useAllowance } from "~/components/chat/use-allowance";
import { PictureJob } from "~/components/images/use-picture-job";
import { chatPicture } from "~/lib/picture";
import { useServerVoice } from "~/components/chat/use-server-voice";
import { IconSprite, MESSAGE_ICONS } from "~/components/icons";
import { fillPlaceholders } from "~/lib/chat/prompt";
import { speechText } from "~/lib/providers/speech/speech-text";
import { toast } from "~/lib/toast";
import type { ChatPrefs } from "~/models/chat-page.server";
import type { GroupPageData } from "~/models/groups.server";
import { GROUP_COPY, GROUP_LIMITS, GROUP_MESSAGES } from "~/spec/groups";
import { useApi } from "~/hooks/use-api";
import { JOB_MESSAGES, MEMORY_MESSAGES } from "~/spec/messages";
import { GroupSettings } from "./group-settings";
import { WhoIsNext } from "./who-is-next";

type Props = {
  page: GroupPageData;
  userName: string;
  prefs: ChatPrefs;
  allowance: { unlimited: boolean; remaining: number; resetAt: string | null } | null;
  modelLabel: string | null;
  speechProvider: "browser" | "kokoro";
};

/**
 * A group chat (issue 26): every reply with its speaker's name, picture and bubble, swipes, edit,
 * delete, regenerate and each speaker's own voice; the "Who's next" row; and Continue the scene,
 * which lets the characters answer each other for a few turns, with Stop.
 */
export function GroupChat({ page, userName, prefs, allowance: initialAllowance, modelLabel, speechProvider }: Props) {
  const { group } = page;
  const [allowance, allowanceChanges] = useAllowance(initialAllowance);
  const pictures = useChatPictures((messageId) => `/api/groups/${group.id}/messages/${messageId}/image`, page.pictures);
  const view = pictureView(prefs);
  const chat = useChat(group.id, page.messages, {
    onReplyDone: (messageId) => {
      if (prefs.autoImageGeneration && prefs.showImages) void pictures.make(messageId);
    },
    base: `/api/groups/${group.id}`,
    // A group's page reads only the pictures of the messages it shows; earlier ones bring theirs.
    onEarlierPictures: pictures.addEarlier,
    isTester: false,
    earlier: page.earlier,
    live: true,
    ...allowanceChanges,
  });
  const follow = useFollowReply(chat.messages.at(-1)?.id, chat.streaming?.text);
  const { toBottom } = follow;
  const [calling, setCalling] = useState(false);
  const [pick, setPick] = useState<string | null>(null);
  const [usedOf, setUsedOf] = useState<string | null>(null);
  const remembering = useApi({
    revalidate: false,
    success: { title: MEMORY_MESSAGES.remembered, description: GROUP_COPY.rememberedHint },
    errorTitle: MEMORY_MESSAGES.failedTitle,
  });
  const serverVoice = useServerVoice((messageId) => ({ url: `/api/groups/${group.id}/messages/${messageId}/speech` }));
  // Continue the scene: turns left to take, and whether Stop ended it.
  const scene = useRef({ stopped: false });
  const [sceneTurn, setSceneTurn] = useState(0);

  const member = (id?: string) => group.members.find((m) => m.id === id);
  const speaking = group.members.filter((m) => m.available && !m.muted);
  const picked = speaking.some((m) => m.id === pick) ? pick : null;
  // A pick answers once, except in manual mode, where the person always says who answers.
  const sendExtra = () => {
    if (group.mode !== "manual") setPick(null);
    return picked ? { speakerId: picked } : {};
  };

  async function continueScene() {
    scene.current.stopped = false;
    for (let turn = 1; turn <= GROUP_LIMITS.sceneTurnsMax && !scene.current.stopped; turn++) {
      setSceneTurn(turn);
      // Each turn is followed to its end, as a reply to a message is.
      toBottom();
      // The scene lets the group decide who goes on, unless the person picked someone to start it (not in manual mode, where a pick answers them).
      const result = await chat.send("", undefined, turn === 1 && group.mode !== "manual" ? sendExtra() : {});
      if (!result.ok) {
        if (result.error) toast({ title: GROUP_COPY.continueScene, description: result.error, variant: "destructive" });
        break;
      }
    }
    setSceneTurn(0);
  }
  const stop = () => {
    scene.current.stopped = true;
    chat.stop();
  };

  const actions: MessageActions = {
    regenerate: (m) => void chat.regenerate(m),
    showBranch: (id) => void chat.showBranch(id),
    editCharacter: (m, content) => chat.editCharacterMessage(m, content),
    editUser: (m, content) => void chat.send(content, m.parentId, sendExtra()),
    remove: (m) => void chat.remove(m),
    continueMessage: (m) => void chat.continueMessage(m),
    picture: (m) => void pictures.make(m.id),
    remember: (m) => remembering.submit(`/api/groups/${group.id}/memory/pins`, "POST", { messageId: m.id }),
    showMemory: (m) => setUsedOf(m.id),
    play: (m) => {
      if (speechProvider === "kokoro") return serverVoice(m.id);
      const speaker = member(m.speakerId);
      const spoken = speakInBrowser(
        speechText(fillPlaceholders(m.content, userName, speaker?.name ?? ""), prefs.dialogueOnlyVocals),
        page.voices[m.speakerId ?? ""] ?? "",
        null,
      );
      if (!spoken) toast({ title: JOB_MESSAGES.voiceTitle, description: JOB_MESSAGES.browserCannotSpeak, variant: "destructive" });
    },
  };
  const bubbles = bubblesOf(prefs);

  return (
    <div
      className="relative isolate mx-auto flex h-[calc(100dvh-3.5rem)] w-full max-w-3xl flex-col"
      data-testid="group-chat"
      data-live={chat.live ? "connected" : "off"}
    >
      <ChatBackground picture={pictures.pictures.filter((p) => p.messageId && chat.messages.some((m) => m.id === p.messageId)).at(-1)} view={view} />
      {pictures.jobs.map((j) => (
        <PictureJob key={j.jobId} jobId={j.jobId} onDone={(p, error) => pictures.done(j.jobId, p && chatPicture(p), error)} />
      ))}
      <div className="flex items-center gap-3 border-b border-zinc-800 px-4 py-2">
        <span className="flex shrink-0 -space-x-2">
          {group.members.map((m) => (
            <img
              key={m.id}
              src={m.thumbnailUrl}
              alt=""
              className={`h-8 w-8 rounded-full border-2 border-zinc-950 object-cover ${m.available && !m.muted ? "" : "opacity-40"}`}
            />
          ))}
        </span>
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold text-white">{group.name}</h1>
        {/* A voice call with the group (issue 63): each member answers in their own voice. */}
        <IconButton label={CALL_MESSAGES.callWith(group.name)} path={PHONE_ICON} onClick={() => setCalling(true)} />
        <GroupSettings group={group} />
      </div>
      <ChatFrame
        follow={follow}
        firstId={chat.messages[0]?.id}
        footer={
          <div className="flex flex-col gap-2">
            <WhoIsNext members={group.members} mode={group.mode} pick={picked} onPick={setPick} />
            <div className="flex items-center gap-2">
              {sceneTurn > 0 ? (
                <button
                  type="button"
                  onClick={stop}
                  className="min-h-11 rounded-md border border-zinc-700 px-3 text-sm font-semibold text-zinc-100 hover:bg-zinc-800 sm:min-h-9"
                >
                  {GROUP_COPY.stop} ({sceneTurn}/{GROUP_LIMITS.sceneTurnsMax})
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => void continueScene()}
                  disabled={chat.busy || !speaking.length}
                  className="min-h-11 rounded-md border border-zinc-700 px-3 text-sm font-semibold text-zinc-100 hover:bg-zinc-800 disabled:opacity-50 sm:min-h-9"
                >
                  {GROUP_COPY.continueScene}
                </button>
              )}
            </div>
            <Composer
              characterName={group.name}
              signedIn
              enterToSend={prefs.enterToSend}
              streaming={!!chat.streaming && sceneTurn === 0}
              busy={chat.busy}
              allowance={allowance}
              onSend={(text) => (toBottom(), chat.send(text, undefined, sendExtra()))}
              onStop={chat.stop}
              onReset={chat.readAllowance}
            />
          </div>
        }
      >
        {group.scenario && <p className="mb-5 rounded-lg border border-zinc-800 bg-zinc-900/60 px-3 py-2 text-sm text-zinc-300">{group.scenario}</p>}
        {chat.earlier > 0 && <EarlierMessages count={chat.earlier} loading={chat.loadingEarlier} onLoad={chat.loadEarlier} />}
        {!chat.messages.length && <p className="text-center text-sm text-zinc-400">{GROUP_COPY.noMessagesYet}</p>}
        <IconSprite names={MESSAGE_ICONS} />
        <ol className="flex flex-col gap-5" aria-label="Messages" aria-live="polite">
          {chat.messages.map((m, i) => {
            const speaker = member(m.speakerId);
            return (
              <MessageItem
                key={m.id}
                message={m}
                streamingText={chat.streaming?.messageId === m.id ? chat.streaming.text : null}
                names={{ user: userName, character: speaker ? `${speaker.name}${speaker.available ? "" : ` (${GROUP_MESSAGES.memberUnavailable})`}` : "" }}
                thumbnailUrl={speaker?.thumbnailUrl ?? group.members[0]?.thumbnailUrl ?? ""}
                bubbles={bubbles}
                chatUI={prefs.chatUI === "v1" ? "v1" : "v2"}
                busy={chat.busy}
                later={chat.messages.length - 1 - i}
                actions={actions}
                label={modelLabel}
                canReport={false}
                canPicture={view.show}
                pictures={<MessagePictures pictures={pictures.pictures.filter((p) => p.messageId === m.id)} painting={pictures.painting(m.id)} view={view} />}
              />
            );
          })}
        </ol>
      </ChatFrame>
      {calling && LazyCallScreen && (
        <Suspense fallback={null}>
          <LazyCallScreen
            target={{ groupId: group.id }}
            name={group.name}
            thumbnailUrl={group.members[0]?.thumbnailUrl ?? ""}
            chat={{
              send: (content) => chat.send(content, undefined, sendExtra()),
              streaming: chat.streaming,
              textOf: (id) => chat.messages.find((m) => m.id === id)?.content ?? null,
              interrupt: chat.interrupt,
            }}
            browserVoice={(speakerId) => browserVoiceFor(page.voices[speakerId ?? ""] ?? "", null)}
            onClose={() => setCalling(false)}
          />
        </Suspense>
      )}
      {usedOf && LazyMemoryUsedDialog && (
        <Suspense fallback={null}>
          <LazyMemoryUsedDialog
            base={`/api/groups/${group.id}`}
            messageId={usedOf}
            onClose={() => setUsedOf(null)}
            nameOf={(m) => (m.role === "user" ? userName : (member(m.speakerId ?? undefined)?.name ?? ""))}
            onShow={(id) => {
              setUsedOf(null);
              follow.leaveBottom();
              void import("~/components/chat/reveal-message").then(({ showInChat }) => showInChat(chat.revealMessage, id, follow.leaveBottom));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
