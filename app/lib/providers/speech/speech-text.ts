/** Only the quoted dialogue of a message ("dialogue-only" voice), or all of it without markup. */
export function speechText(text: string, dialogueOnly: boolean) {
  if (dialogueOnly) {
    const quoted = [...text.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => m[1] ?? m[2]);
    if (quoted.length) return quoted.join(" ");
  }
  return text
    .replace(/\*[^*]*\*/g, " ")
    .replace(/[_#>`~]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
