/**
 * What every page's root loader gives the shell (app/root.tsx): the person and what they may do, the
 * links, the sign-in buttons, a flash message and the welcome. Here so the hooks that read it know
 * its shape without importing the root route (issue 60, layers).
 */
import type { AppLoadContext } from "react-router";
import { welcomePending } from "~/lib/account/welcome.server";
import { viewerAge } from "~/lib/age-gate";
import { OAUTH_PROVIDER_IDS } from "~/lib/auth/providers.server";
import { takeFlash } from "~/lib/http/flash.server";
import { getViewer } from "~/services/auth/permissions.server";

/** The root's data, and the cookie that clears a flash once read (null when there was none). */
export async function rootData(request: Request, context: AppLoadContext) {
  const { user, can } = await getViewer(request, context);
  const { config } = context;
  const { flash, clear } = await takeFlash(context, request);
  const welcome = user && (await welcomePending(context, request, user.id)) ? { name: user.name ?? "" } : null;
  const body = {
    // Banned users never get here: the Worker entry answers them (app/web/ban-gate.server.ts).
    user,
    can,
    // Guests get theirs when they open the sign-in dialog, which keeps guest pages cacheable.
    csrfToken: user ? context.getCsrfToken() : null,
    links: { wiki: config.wikiUrl, community: config.communityUrl, membership: config.membershipUrl, supportEmail: config.supportEmail },
    // The sign-in buttons this server can honour (the same for every visitor, so guest pages stay cacheable).
    signInProviders: OAUTH_PROVIDER_IDS.filter((id) => !!config.oauth[id]),
    flash,
    welcome,
    age: viewerAge(request, user),
    // Card pictures in several widths and formats, through Cloudflare's image resizing (decision 057).
    imageResizing: config.images.resizing === "cloudflare",
  };
  return { body, clear };
}

export type RootData = Awaited<ReturnType<typeof rootData>>["body"];
