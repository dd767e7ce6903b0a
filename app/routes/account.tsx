import { type MetaFunction, Await, Link, useLoaderData, useNavigate } from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { Suspense, useState } from "react";
import { AccountHeader } from "~/components/account/account-header";
import { AllowanceCard } from "~/components/account/allowance-card";
import { DeleteAccountButton, keepDataThroughDeletion, useAccountDeletion } from "~/components/account/delete-account";
import { EditPersonaSheet } from "~/components/account/edit-persona-sheet";
import { EditProfileSheet } from "~/components/account/edit-profile-sheet";
import { CategoryTagHelp, ModelHelp } from "~/components/account/help-popups";
import { ConnectionsCard, ConnectPatreonSheet, ManageSubscriptionCard, MembershipAccessHelp } from "~/components/account/membership";
import { OtherSessions } from "~/components/account/other-sessions";
import { PreferencesCard, type Preferences } from "~/components/account/preferences-card";
import { TagEditor } from "~/components/account/tag-editor";
import { useSignIn } from "~/components/auth/sign-in-dialog";
import { RouteError } from "~/components/route-error";
import { Card } from "~/components/ui/field";
import { useRootData } from "~/hooks/use-root-data";
import { getSessionUser } from "~/services/auth/session.server";
import { listConnections } from "~/models/patreon.server";
import { defaultPersona } from "~/lib/personas";
import { getMe } from "~/models/user.server";
import { MESSAGES } from "~/spec/messages";
import { ACCOUNT_COPY as COPY, pageTitle } from "~/spec/pages";

export const meta: MetaFunction = () => [{ title: pageTitle(COPY.title) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context);
  if (!user || user.isBanned) return { signedIn: false as const };
  // Streamed: the shell and 'Loading...' show at once, the account follows.
  const account = Promise.all([getMe(context, user.id, context.config), listConnections(context.db, user.id)]).then(([me, connections]) => ({
    me: me!,
    connections,
  }));
  return { signedIn: true as const, account, billingUrl: context.config.patreon.billingUrl };
}

export const shouldRevalidate = keepDataThroughDeletion;

export default function AccountRoute() {
  const data = useLoaderData<typeof loader>();
  const { openSignIn } = useSignIn();
  if (!data.signedIn)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <p className="text-lg text-zinc-200">{MESSAGES.account.notSignedIn}</p>
        <button type="button" onClick={openSignIn} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {COPY.signIn}
        </button>
      </div>
    );
  return (
    <Suspense fallback={<p className="px-4 py-16 text-center text-zinc-300">{MESSAGES.account.loading}</p>}>
      <Await resolve={data.account} errorElement={<RouteError />}>
        {(account) => <AccountPage account={account} billingUrl={data.billingUrl} />}
      </Await>
    </Suspense>
  );
}

type Account = Awaited<Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }>["account"]>;

function AccountPage({ account, billingUrl }: { account: Account; billingUrl: string }) {
  const { me, connections } = account;
  const { links, csrfToken } = useRootData();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [editingPersona, setEditingPersona] = useState(false);
  const deletion = useAccountDeletion(me.id, links.supportEmail, csrfToken);
  const persona = defaultPersona(me.UserPersonas);
  const prefs = me.UserPreference as Preferences;

  if (deletion.deleting)
    return (
      <div className="flex min-h-[60vh] items-center justify-center px-4 text-center" data-testid="deleting">
        <div className="flex max-w-sm flex-col gap-3">
          <p className="text-lg text-zinc-200">{MESSAGES.account.deleting}</p>
          {deletion.progress && (
            <p className="text-sm text-zinc-400" role="status" data-testid="deletion-progress">
              {MESSAGES.account.deletionProgress(deletion.progress.deleted, deletion.progress.total)}
            </p>
          )}
        </div>
      </div>
    );

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
      <button type="button" onClick={() => navigate(-1)} className="self-start text-sm text-zinc-300 hover:text-white md:hidden">
        {COPY.back}
      </button>
      <AccountHeader user={me} persona={persona} onEditPersona={() => setEditingPersona(true)} />
      {!me.isSubscriptionActive && me.messageToken && me.messageToken.token >= 0 && (
        <AllowanceCard token={me.messageToken.token} resetAt={new Date(me.messageToken.resetAt).toISOString()} />
      )}
      {!me.isSubscriptionActive && <MembershipAccessHelp membershipUrl={links.membership} onConnect={() => setConnecting(true)} />}
      {me.isSubscriptionActive && <ManageSubscriptionCard billingUrl={billingUrl} />}
      {connections.length > 0 && <ConnectionsCard connections={connections} onConnect={() => setConnecting(true)} />}
      <TagEditor kind="tags" initial={me.ExcludedTags.map((t) => t.tag.name)} />
      <TagEditor kind="content" initial={me.ExcludedContentTags.map((t) => t.tag.name)} />
      <PreferencesCard initial={prefs} />
      <Card title={COPY.advancedSettings} testId="advanced-settings">
        <div className="flex flex-col items-start gap-3">
          <button type="button" onClick={() => setEditing(true)} className="text-sm text-zinc-100 hover:text-white">
            {COPY.editProfile}
          </button>
          <Link to="/personas" className="text-sm text-zinc-100 hover:text-white">
            {COPY.personas}
          </Link>
          <OtherSessions />
          <DeleteAccountButton onConfirm={deletion.run} />
        </div>
      </Card>
      <div className="flex flex-wrap gap-4">
        <ModelHelp />
        <CategoryTagHelp />
      </div>
      <EditProfileSheet
        open={editing}
        onOpenChange={setEditing}
        initial={{ name: me.name ?? "", description: me.description ?? "", persona: me.persona ?? "", nameKnownToBot: me.nameKnownToBot ?? "" }}
      />
      <ConnectPatreonSheet open={connecting} onOpenChange={setConnecting} />
      {persona && <EditPersonaSheet open={editingPersona} onOpenChange={setEditingPersona} persona={persona} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
