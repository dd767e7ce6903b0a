import type { AppLoadContext } from "react-router";
import { devMails } from "~/db/schema";
import { SIGN_IN_WRONG_CODES_PER_DAY } from "~/spec/limits";
import { CODE_GUESSING_MAIL as GUESSING, SIGN_IN_MAIL as WORDS } from "~/spec/mail";
import { escapeHtml } from "~/lib/escape-html";

export type Mail = { to: string; subject: string; text: string; html: string };

/**
 * Sends one mail. Outside production every mail lands in the dev outbox (/dev/outbox);
 * in production it goes to the HTTP mail API (JSON `{ from, to, subject, text, html }`, bearer key).
 */
export async function sendMail(context: AppLoadContext, mail: Mail): Promise<void> {
  const { config } = context;
  if (!config.isProduction) {
    await context.db.insert(devMails).values(mail).run();
    return;
  }
  const response = await fetch(config.mail.apiUrl!, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${config.mail.apiKey}` },
    body: JSON.stringify({ from: config.mail.from, ...mail }),
  });
  if (!response.ok) throw new Error(`Mail API answered ${response.status}`);
}

/** The once-a-day warning to an address whose sign-in codes were guessed at too often (decision 026). */
export function codeGuessingMail(brand: string, email: string): Mail {
  const body = GUESSING.body(brand, SIGN_IN_WRONG_CODES_PER_DAY);
  return {
    to: email,
    subject: GUESSING.subject(brand),
    text: `${body}\n\n${GUESSING.ifNotYou}`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto"><p>${escapeHtml(body)}</p><p style="color:#666">${escapeHtml(GUESSING.ifNotYou)}</p></div>`,
  };
}

export function signInMail(brand: string, email: string, code: string, magicLink: string): Mail {
  const text = `${WORDS.heading(brand)}\n\n${WORDS.openLink}\n${magicLink}\n\n${WORDS.enterCode} ${code}\n\n${WORDS.expiry}`;
  const html = `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto">
<h1 style="font-size:20px">${WORDS.heading(escapeHtml(brand))}</h1>
<p><a href="${escapeHtml(magicLink)}" style="display:inline-block;padding:10px 18px;background:#7c3aed;color:#fff;border-radius:8px;text-decoration:none">${WORDS.button}</a></p>
<p>${WORDS.enterCode} <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong></p>
<p style="color:#666">${WORDS.expiry}</p></div>`;
  return { to: email, subject: WORDS.subject(brand, code), text, html };
}
