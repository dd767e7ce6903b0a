import { cookiesOf } from "~/lib/cookie-header";

/**
 * The first-visit 18+ confirmation (decision 015). A guest's answer is a plain cookie the browser
 * writes; it decides only what is shown (signed-in users confirmed their age when they signed in),
 * so the server reads it but nothing depends on trusting it beyond that.
 */
export const AGE_COOKIE = "reverie_age";
export type AgeAnswer = "adult" | "declined" | "unknown";

/** Signed-in people confirmed 18+ when they signed in; a guest's answer is their cookie's. */
export const viewerAge = (request: Request, user: unknown): AgeAnswer => (user ? "adult" : ageAnswer(request.headers.get("cookie")));

/** The guest's answer from a Cookie header, read by the one cookie parser (issue 58), so the page and the guest cache's key agree. */
export function ageAnswer(cookieHeader: string | null): AgeAnswer {
  const value = cookiesOf(cookieHeader)[AGE_COOKIE];
  return value === "adult" || value === "declined" ? value : "unknown";
}

/** Remembers the answer for a year (the browser writes it; there is nothing to store on our side). */
export function rememberAge(answer: Exclude<AgeAnswer, "unknown">) {
  document.cookie = `${AGE_COOKIE}=${answer}; Path=/; Max-Age=${365 * 24 * 3600}; SameSite=Lax`;
}

/** Pages a guest who declined may still read (what the service is and its rules), with their WRITTEN_PAGES key. */
export const READABLE_WITHOUT_AGE = { "/faq": "faq", "/rules": "rules", "/terms-of-use": "termsOfUse", "/privacy-policy": "privacyPolicy" } as const;

/** Whether a guest who declined may read this path (with or without a trailing slash). */
export const readableWithoutAge = (pathname: string) => Object.hasOwn(READABLE_WITHOUT_AGE, pathname.replace(/\/+$/, ""));
