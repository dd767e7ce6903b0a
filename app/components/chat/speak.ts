import { useEffect, useState } from "react";

/** Where this browser keeps the voice picked for a character (its voices are this device's own). */
export const browserVoiceKey = (characterId: string) => `browserVoice:${characterId}`;

const speechIn = () => (typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null);

/** The voices this browser can speak with, English first; they often arrive a moment after the page. */
export function useBrowserVoices() {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    const speech = speechIn();
    if (!speech) return;
    const read = () =>
      setVoices(
        [...speech.getVoices()].sort(
          (a, b) => Number(!a.lang.startsWith("en")) - Number(!b.lang.startsWith("en")) || a.lang.localeCompare(b.lang) || a.name.localeCompare(b.name),
        ),
      );
    read();
    speech.addEventListener("voiceschanged", read);
    return () => speech.removeEventListener("voiceschanged", read);
  }, []);
  return voices;
}

/** The browser voice for a character's voice id: the one picked on this device, else the closest by accent. */
export function browserVoiceFor(voiceId: string, picked: string | null) {
  const voices = speechIn()?.getVoices() ?? [];
  const lang = voiceId.startsWith("b") ? "en-GB" : "en-US";
  const voice = (picked && voices.find((v) => v.name === picked)) || voices.find((v) => v.lang === lang) || voices.find((v) => v.lang.startsWith("en")) || null;
  return { lang, voice };
}

/**
 * The browser voice (the default speech backend): the voice picked for this character on this
 * device, or else the one closest to the character's voice id (af_ and am_ are US English, bf_ and
 * bm_ British English).
 */
export function speakInBrowser(text: string, voiceId: string, picked: string | null = null) {
  const speech = speechIn();
  if (!speech) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  const { lang, voice } = browserVoiceFor(voiceId, picked);
  utterance.lang = voice?.lang || lang;
  if (voice) utterance.voice = voice;
  speech.cancel();
  speech.speak(utterance);
  return true;
}
