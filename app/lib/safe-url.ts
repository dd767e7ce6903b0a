/**
 * The rules for addresses in text people write (spec section 5), shared by the chat's formatter and
 * the Markdown renderers. Kept apart from react-markdown, so the chat does not download it to use them.
 */

const SAFE_SCHEMES = /^(https?|ircs?|mailto|xmpp):/i;

/** Keeps links and images only for http, https, irc, ircs, mailto, xmpp or relative addresses (spec section 5). */
export function safeUrl(url: string): string {
  const value = url.trim();
  const colon = value.indexOf(":");
  const slash = value.indexOf("/");
  const query = value.indexOf("?");
  const hash = value.indexOf("#");
  const relative = colon === -1 || (slash !== -1 && colon > slash) || (query !== -1 && colon > query) || (hash !== -1 && colon > hash);
  return relative || SAFE_SCHEMES.test(value) ? value : "";
}
