/** The sign-in mail: a magic link and a 6-digit code (spec section 8). */
export const SIGN_IN_MAIL = {
  subject: (brand: string, code: string) => `Your ${brand} sign-in code: ${code}`,
  heading: (brand: string) => `Sign in to ${brand}`,
  openLink: "Open this link to sign in:",
  button: "Sign in",
  enterCode: "Or enter this code:",
  expiry: "The link and code expire in 10 minutes. If you did not ask to sign in, ignore this mail.",
} as const;

/** The mail with the code that connects a Patreon email to an account. */
export const CONNECT_CODE_MAIL = {
  subject: (brand: string, code: string) => `Your ${brand} Patreon connection code: ${code}`,
  enterCode: (brand: string) => `Enter this code on your ${brand} account page to connect this Patreon email:`,
  expiry: "It expires in 15 minutes. If you did not ask for it, ignore this mail.",
} as const;

/** To an address whose sign-in codes were guessed at too often in a day (decision 026; not in the spec). */
export const CODE_GUESSING_MAIL = {
  subject: (brand: string) => `Someone entered wrong ${brand} sign-in codes for your email`,
  body: (brand: string, wrong: number) =>
    `${wrong} wrong sign-in codes were entered for this email address in the last 24 hours. To keep your ${brand} account safe, codes for this address are paused until tomorrow. Sign-in links in new emails still work.`,
  ifNotYou: "If this was not you, you need to do nothing: nobody signed in with a wrong code. If it keeps happening, reply to this mail.",
} as const;
