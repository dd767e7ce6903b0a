import { data, type MetaFunction, useLoaderData, type ShouldRevalidateFunction } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { GroupChat } from "~/components/groups/group-chat";
import { RouteError } from "~/components/route-error";
import { isId } from "~/db/ids";
import { capabilities, requireUser } from "~/services/auth/permissions.server";
import { FALLBACK_USER_NAME } from "~/lib/chat/prompt";
import { invariantResponse } from "~/lib/http/http.server";
import { chatIdentity, chatPersona } from "~/lib/personas";
import { textGenerator } from "~/lib/providers/text/index.server";
import { readAllowance } from "~/models/allowance.server";
import { chatPrefsQuery, DEFAULT_PREFS } from "~/models/chat-page.server";
import { loadGroupPage } from "~/models/groups.server";
import { accountSelfQuery, personasQuery } from "~/models/persona.server";
import { BRAND } from "~/spec/brand";
import { GROUP_MESSAGES } from "~/spec/groups";
import { pageTitle } from "~/spec/pages";

/** A group chat of the person's (issue 26): the conversation, who's next, and the group's settings. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const can = capabilities(user, context);
  const db = context.db;
  const owner = { env: context.env, userId: user.id };
  const [page, [[prefs], personas, [self]], allowance] = await Promise.all([
    isId(params.id) ? loadGroupPage(context, user, params.id) : null,
    db.batch([chatPrefsQuery(db, user.id), personasQuery(db, user.id), accountSelfQuery(db, user.id)]),
    can.unlimitedMessages ? null : readAllowance(owner, context.config.allowance),
  ]);
  invariantResponse(page, GROUP_MESSAGES.notFound);
  return data(
    {
      page,
      userName: chatIdentity(chatPersona(personas, null), self ?? { name: user.name }, FALLBACK_USER_NAME).name,
      prefs: prefs ?? DEFAULT_PREFS,
      allowance: { unlimited: can.unlimitedMessages, remaining: allowance?.token ?? 0, resetAt: allowance?.resetAt.toISOString() ?? null },
      modelLabel: textGenerator(context.config).label,
      speechProvider: context.config.speech.provider,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The messages on screen are the conversation's own state (use-chat.ts): a swipe, an edit, a delete or Stop does not read the page again. */
const ANSWERS_WITH_MESSAGES = /^\/api\/groups\/[^/]+\/(leaf|messages\/[^/]+(\/stop)?)$/;
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction && ANSWERS_WITH_MESSAGES.test(formAction) ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? pageTitle(data.page.group.name) : BRAND }];

export default function GroupRoute() {
  const { page, userName, prefs, allowance, modelLabel, speechProvider } = useLoaderData<typeof loader>();
  return (
    <GroupChat
      key={page.group.id}
      page={page}
      userName={userName}
      prefs={prefs}
      allowance={allowance}
      modelLabel={modelLabel}
      speechProvider={speechProvider}
    />
  );
}

export const ErrorBoundary = RouteError;
