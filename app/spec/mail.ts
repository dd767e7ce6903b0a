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
