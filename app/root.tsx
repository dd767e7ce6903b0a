import {
  data,
  type LinksFunction,
  type MetaFunction,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { useNonce } from "~/components/nonce";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { keepDataThroughDeletion } from "~/components/account/delete-account";
import { SignInContext, SignInDialog } from "~/components/auth/sign-in-dialog";
import { RouteError } from "~/components/route-error";
import { AgeGate } from "~/components/shell/age-gate";
import { WelcomeDialog } from "~/components/welcome-dialog";
import { Drawer } from "~/components/shell/drawer";
import { Footer } from "~/components/shell/footer";
import { IconSprite, SHELL_ICONS } from "~/components/icons";
import { Header } from "~/components/shell/header";
import { NavigationProgress } from "~/components/shell/navigation-progress";
import { Sidebar } from "~/components/shell/sidebar";
import { Toaster } from "~/components/ui/toaster";
import { useReferrer } from "~/hooks/use-referrer";
import { useSessionSync } from "~/hooks/use-session-sync";
import { setApiCsrfToken } from "~/lib/browser/api-client";
import { toast } from "~/lib/toast";
import { BRAND, BRAND_TAGLINE } from "~/spec/brand";
import { rootData } from "~/services/root-data.server";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: `${BRAND} - ${BRAND_TAGLINE}` },
  { name: "description", content: `${BRAND}: chat with AI characters, create your own, write interactive stories. For adults 18+.` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { body, clear } = await rootData(request, context);
  return data(body, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export const shouldRevalidate = keepDataThroughDeletion;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#09090b" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, flash, csrfToken, age, welcome } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  setApiCsrfToken(csrfToken);
  const [menuOpen, setMenuOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const signIn = useMemo(() => ({ openSignIn: () => setSignInOpen(true) }), []);
  useSessionSync(user?.id ?? null);
  useReferrer(user?.id ?? null);
  useEffect(() => {
    // Lets browser tests (and anyone debugging) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
  useEffect(() => {
    // iOS zooms into focused inputs; the spec forces max-scale 1 there only, so others keep pinch-zoom.
    const iOS = /iP(hone|ad|od)/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    if (iOS) document.querySelector('meta[name="viewport"]')?.setAttribute("content", "width=device-width, initial-scale=1, maximum-scale=1");
  }, []);

  return (
    <SignInContext.Provider value={signIn}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <IconSprite names={SHELL_ICONS} />
      <NavigationProgress />
      <Header onOpenMenu={() => setMenuOpen(true)} onSignIn={signIn.openSignIn} />
      <Drawer open={menuOpen} onOpenChange={setMenuOpen} onSignIn={signIn.openSignIn} />
      <div className="flex">
        <Sidebar onSignIn={signIn.openSignIn} />
        <div className="flex min-h-[calc(100vh-3.5rem)] min-w-0 flex-1 flex-col">
          <main id="main" className="flex-1">
            <AgeGate age={age} pathname={pathname}>
              <Outlet />
            </AgeGate>
          </main>
          <Footer />
        </div>
      </div>
      <SignInDialog open={signInOpen} onClose={() => setSignInOpen(false)} />
      {welcome && <WelcomeDialog key={user?.id} name={welcome.name} />}
      <Toaster />
    </SignInContext.Provider>
  );
}

/** Only reached when the root itself fails; route errors render inside the shell. */
export function ErrorBoundary() {
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <main className="min-h-screen">
      {!root && (
        <div className="border-b border-zinc-800 px-4 py-3">
          <a href="/" className="text-lg font-bold text-white">
            {BRAND}
          </a>
        </div>
      )}
      <RouteError />
    </main>
  );
}
