import { Strategy } from "remix-auth/strategy";
import type { Db } from "~/db/client.server";
import { checkSignInCode, findSignInToken, redeemSignInToken, type CodeRefusal } from "~/models/verification-code.server";

export type EmailVerified = { email: string; callbackUrl: string | null };

/** Why an email sign-in did not complete: the flow turns it into a message on the "check your email" page. */
export class EmailSignInError extends Error {
  constructor(readonly check: CodeRefusal | { ok: false; reason: "no-challenge" }) {
    super(`email sign-in refused: ${check.reason}`);
  }
}

/**
 * A magic link opened in a browser that did not ask for it. It signs in only after the person
 * confirms, on a page that names the account, with a POST carrying the CSRF token: otherwise anyone
 * could send someone their own link and have everything that person then writes land in their account.
 */
export class ConfirmSignInError extends Error {
  constructor(readonly token: string) {
    super("magic link opened in another browser");
  }
}

/**
 * The email sign-in of decision 012, as a remix-auth strategy we own: a GET with `?t=` redeems the
 * magic link in the browser that asked for it (the signed `__signin` cookie names its challenge), and
 * asks any other browser to confirm (ConfirmSignInError), whose POST with `t` then redeems it; a POST
 * with `code` checks the 6-digit code of the challenge the cookie names. The email that signs in is
 * always the challenge row's, never the browser's.
 */
export class EmailCodeStrategy<User> extends Strategy<User, EmailVerified> {
  name = "email";

  constructor(
    private options: { db: Db; secret: string; challengeId: (request: Request) => Promise<string | null> },
    verify: Strategy.VerifyFunction<User, EmailVerified>,
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<User> {
    const { db, secret } = this.options;
    if (request.method === "GET") {
      const token = new URL(request.url).searchParams.get("t") ?? "";
      const pending = token ? await findSignInToken(db, token) : null;
      if (!pending) throw new EmailSignInError({ ok: false, reason: "none" });
      if (pending.id !== (await this.options.challengeId(request))) throw new ConfirmSignInError(token);
      return await this.redeem(token);
    }
    const form = await request.formData();
    const token = form.get("t");
    // The confirmation page's POST (its CSRF token was checked before this runs).
    if (typeof token === "string" && token) return await this.redeem(token);
    const challengeId = await this.options.challengeId(request);
    if (!challengeId) throw new EmailSignInError({ ok: false, reason: "no-challenge" });
    const code = String(form.get("code") ?? "").replace(/\s+/g, "");
    const checked = await checkSignInCode(db, secret, challengeId, /^\d{6}$/.test(code) ? code : "not-a-code");
    if (!checked.ok) throw new EmailSignInError(checked);
    return await this.verify({ email: checked.email, callbackUrl: checked.callbackUrl });
  }

  private async redeem(token: string) {
    const redeemed = await redeemSignInToken(this.options.db, token);
    if (!redeemed.ok) throw new EmailSignInError(redeemed);
    return await this.verify({ email: redeemed.email, callbackUrl: redeemed.callbackUrl });
  }
}
