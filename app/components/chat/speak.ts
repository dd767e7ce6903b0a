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
