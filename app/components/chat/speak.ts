/** Only the quoted dialogue of a message ("dialogue-only" voice), or all of it without markup. */
export function speechText(text: string, dialogueOnly: boolean) {
  if (dialogueOnly) {
    const quoted = [...text.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => m[1] ?? m[2]);
    if (quoted.length) return quoted.join(" ");
  }
  return text.replace(/\*[^*]*\*/g, " ").replace(/[_#>`~]/g, "").replace(/\s+/g, " ").trim();
}

/**
 * The browser voice (the default speech backend): the speech synthesis voice closest to the
 * character's voice id (af_ and am_ are US English, bf_ and bm_ British English).
 */
export function speakInBrowser(text: string, voiceId: string) {
  if (typeof window === "undefined" || !("speechSynthesis" in window)) return false;
  const lang = voiceId.startsWith("b") ? "en-GB" : "en-US";
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  const voices = window.speechSynthesis.getVoices();
  const match = voices.find((v) => v.lang === lang) ?? voices.find((v) => v.lang.startsWith("en"));
  if (match) utterance.voice = match;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
  return true;
}
