import type { ChatPageData } from "~/models/chat-page.server";
import { ChatHeader } from "./chat-header";
import { ChatSettingsTab } from "./chat-settings-tab";
import { ChatView } from "./chat-view";
import { MemoryTab } from "./memory-tab";
import { SavedChatsTab } from "./saved-chats-tab";

/** The chat page's header: the character, and for a signed-in user the settings, saved chats and memory tabs. */
export function ChatPageHeader({ page }: { page: ChatPageData }) {
  const tabs = page.signedIn
    ? {
        chatSettings: <ChatSettingsTab page={page} />,
        savedChats: <SavedChatsTab page={page} />,
        memory: <MemoryTab base={`/api/chats/${page.character.id}/memory`} canSummarise />,
      }
    : {};
  return <ChatHeader data={page} unavailable={!page.signedIn && page.unavailable} {...tabs} />;
}

/** The chat with a character: a guest swipes the greetings; a signed-in user chats in their chat on screen. */
export function ChatPage({ page }: { page: ChatPageData }) {
  return (
    <ChatView
      key={page.signedIn ? page.chatId : "guest"}
      characterId={page.character.id}
      characterName={page.character.name}
      thumbnailUrl={page.character.thumbnailUrl}
      userName={page.userName}
      messages={page.messages}
      earlier={page.earlier}
      signedIn={page.signedIn}
      modelLabel={page.modelLabel}
      demoWriter={page.demoWriter}
      voice={page.signedIn ? (page.settings.voice ?? page.character.voice) : page.character.voice}
      prefs={page.prefs}
      pictures={page.signedIn ? page.pictures : []}
      allowance={page.signedIn ? page.allowance : null}
      isTester={page.signedIn ? page.can.customSystemPrompt : false}
      speechProvider={page.speech.provider}
      greetings={page.signedIn ? undefined : [page.character.greeting, ...page.character.alternateGreetings].filter((g) => g.trim())}
      unavailable={!page.signedIn && page.unavailable}
      pinned={page.signedIn ? page.pinned : []}
    />
  );
}
