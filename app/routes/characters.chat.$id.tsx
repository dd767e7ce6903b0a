import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ChatHeader } from "~/components/chat/chat-header";
import { ChatSettingsTab } from "~/components/chat/chat-settings-tab";
import { ChatView } from "~/components/chat/chat-view";
import { SavedChatsTab } from "~/components/chat/saved-chats-tab";
import { RouteError } from "~/components/route-error";
import type { HeaderHandle } from "~/components/shell/header";
import { isId } from "~/db/ids";
import { getViewer } from "~/lib/auth/permissions.server";
import { invariantResponse } from "~/lib/http/http.server";
import { textGenerator } from "~/lib/providers/text/index.server";
import { loadChatPage } from "~/models/chat-page.server";
import { BRAND } from "~/spec/brand";
import { CHAT_MESSAGES } from "~/spec/messages";
import { CHAT_PAGE_COPY, pageTitle } from "~/spec/pages";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, can } = await getViewer(request, context);
  const config = { ...context.config, modelLabel: textGenerator(context.config).label };
  const page = isId(params.id) ? await loadChatPage(context.db, { user, can, characterId: params.id, config }) : null;
  invariantResponse(page, CHAT_MESSAGES.characterNotFound);
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export type ChatPageData = NonNullable<Awaited<ReturnType<typeof loadChatPage>>>;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? pageTitle(CHAT_PAGE_COPY.title(data.character.name)) : BRAND }];

function Tabs({ page }: { page: ChatPageData }) {
  return page.signedIn ? { chatSettings: <ChatSettingsTab page={page} />, savedChats: <SavedChatsTab page={page} /> } : {};
}

export const handle: HeaderHandle<ChatPageData> = {
  header: (page) => <ChatHeader data={page} {...Tabs({ page })} />,
};

export default function ChatPage() {
  const page: ChatPageData = useLoaderData<typeof loader>();
  return (
    <ChatView
      key={page.signedIn ? page.chatId : "guest"}
      characterId={page.character.id}
      characterName={page.character.name}
      thumbnailUrl={page.character.thumbnailUrl}
      userName={page.userName}
      messages={page.messages}
      signedIn={page.signedIn}
      modelLabel={page.modelLabel}
      voice={page.signedIn ? (page.settings.voice ?? page.character.voice) : page.character.voice}
      prefs={page.prefs}
      allowance={page.signedIn ? page.allowance : null}
      isTester={page.signedIn ? page.can.customSystemPrompt : false}
      speechProvider={page.speech.provider}
      greetings={page.signedIn ? undefined : [page.character.greeting, ...page.character.alternateGreetings].filter((g) => g.trim())}
    />
  );
}

export const ErrorBoundary = RouteError;
