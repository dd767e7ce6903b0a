import { Strategy } from "remix-auth/strategy";
import type { Db } from "~/db/client.server";
import { checkSignInCode, redeemSignInToken, type CodeRefusal } from "~/models/verification-code.server";

export type EmailVerified = { email: string; callbackUrl: string | null };

/** Why an email sign-in did not complete: the flow turns it into a message on the "check your email" page. */
export class EmailSignInError extends Error {
  constructor(readonly check: CodeRefusal | { ok: false; reason: "no-challenge" }) {
    super(`email sign-in refused: ${check.reason}`);
  }
}

/**
 * The email sign-in of decision 012, as a remix-auth strategy we own: a GET with `?t=` redeems the
 * magic link; a POST with `code` checks the 6-digit code of the challenge whose id the signed
 * `__signin` cookie names. The email that signs in is always the challenge row's, never the browser's.
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
      const redeemed = token ? await redeemSignInToken(db, token) : ({ ok: false, reason: "none" } as const);
      if (!redeemed.ok) throw new EmailSignInError(redeemed);
      return await this.verify({ email: redeemed.email, callbackUrl: redeemed.callbackUrl });
    }
    const challengeId = await this.options.challengeId(request);
    if (!challengeId) throw new EmailSignInError({ ok: false, reason: "no-challenge" });
    const form = await request.formData();
    const code = String(form.get("code") ?? "").replace(/\s+/g, "");
    const checked = /^\d{6}$/.test(code) ? await checkSignInCode(db, secret, challengeId, code) : await checkSignInCode(db, secret, challengeId, "not-a-code");
    if (!checked.ok) throw new EmailSignInError(checked);
    return await this.verify({ email: checked.email, callbackUrl: checked.callbackUrl });
  }
}
