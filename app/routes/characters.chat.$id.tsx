import { data, type MetaFunction, useLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { ChatPage, ChatPageHeader } from "~/components/chat/chat-page";
import { RouteError } from "~/components/route-error";
import type { HeaderHandle } from "~/components/shell/header";
import { isId } from "~/db/ids";
import { getViewer, refuseDeclinedGuest } from "~/services/auth/permissions.server";
import { invariantResponse } from "~/lib/http/http.server";
import { textGenerator, usesDemoWriter } from "~/lib/providers/text/index.server";
import { loadChatPage, type ChatPageData } from "~/models/chat-page.server";
import { BRAND } from "~/spec/brand";
import { CHAT_MESSAGES } from "~/spec/messages";
import { CHAT_PAGE_COPY, pageTitle } from "~/spec/pages";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, can } = await getViewer(request, context);
  refuseDeclinedGuest(request, user);
  const config = { ...context.config, modelLabel: textGenerator(context.config).label, demoWriter: usesDemoWriter(context.config) };
  const page = isId(params.id) ? await loadChatPage(context, { user, can, characterId: params.id, config }) : null;
  invariantResponse(page, CHAT_MESSAGES.characterNotFound);
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * The messages on screen are the chat's own state (use-chat.ts), and every call that changes them
 * answers with them: a swipe, an edit, a delete or Stop does not read the whole page again.
 */
const ANSWERS_WITH_MESSAGES = /^\/api\/chats\/[^/]+\/(leaf|messages\/[^/]+(\/stop)?|memory(\/.*)?)$/;
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction && ANSWERS_WITH_MESSAGES.test(formAction) ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: pageTitle(CHAT_PAGE_COPY.title(data.character.name)) }, { name: "description", content: CHAT_PAGE_COPY.description(data.character.name) }]
    : [{ title: BRAND }];

export const handle: HeaderHandle<ChatPageData> = { header: (page) => <ChatPageHeader page={page} /> };

export default function ChatRoute() {
  const page: ChatPageData = useLoaderData<typeof loader>();
  return <ChatPage page={page} />;
}

export const ErrorBoundary = RouteError;
