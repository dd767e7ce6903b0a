import { useEffect, useState } from "react";
import { useApi } from "~/hooks/use-api";
import type { ChatPageData } from "~/models/chat-page.server";
import { CHAT_MESSAGES, MESSAGES } from "~/spec/messages";
import { ORIGINAL_VOICE, ORIGINAL_VOICE_LABEL, VOICES } from "~/spec/voices";
import { inputClass } from "../ui/field";
import { VoiceOptions } from "../ui/voice-options";
import { browserVoiceKey, useBrowserVoices } from "./speak";

type SignedInPage = Extract<ChatPageData, { signedIn: true }>;

/**
 * The Voice setting (issue 24): with a speech server, the server's voices, saved per character;
 * when the browser speaks, this device's own voices, kept in this browser per character.
 */
export function VoiceSelect({ page }: { page: SignedInPage }) {
  return page.speech.provider === "browser" ? <BrowserVoiceSelect page={page} /> : <ServerVoiceSelect page={page} />;
}

const defaultLabel = (page: SignedInPage) => `Default for this character (${VOICES.find((v) => v.id === page.character.voice)?.label ?? page.character.voice})`;

function ServerVoiceSelect({ page }: { page: SignedInPage }) {
  const voice = useApi({ fallback: MESSAGES.savedChats.failedVoice });
  return (
    // The label sits beside the list, not around it: the list is named "Voice", not "Voice" and its choice.
    <div className="flex flex-col gap-1 text-zinc-300">
      <label htmlFor="cs-voice">Voice</label>
      <select
        id="cs-voice"
        value={page.settings.voice ?? ""}
        onChange={(e) => voice.submit(`/api/chat/update?characterId=${page.character.id}`, "PUT", { voice: e.target.value || null })}
        className={inputClass}
      >
        <option value="">{defaultLabel(page)}</option>
        {page.speech.originalVoice && <option value={ORIGINAL_VOICE}>{ORIGINAL_VOICE_LABEL}</option>}
        <VoiceOptions />
      </select>
    </div>
  );
}

function BrowserVoiceSelect({ page }: { page: SignedInPage }) {
  const voices = useBrowserVoices();
  const key = browserVoiceKey(page.character.id);
  const [picked, setPicked] = useState("");
  useEffect(() => setPicked(localStorage.getItem(key) ?? ""), [key]);
  const languages = [...new Set(voices.map((v) => v.lang))];
  return (
    // The hint sits beside the label, not inside it: the list is named "Voice" and described by the hint.
    <div className="flex flex-col gap-1 text-zinc-300">
      <label htmlFor="cs-voice">Voice</label>
      <select
        id="cs-voice"
        aria-describedby="cs-voice-hint"
        value={voices.some((v) => v.name === picked) ? picked : ""}
        onChange={(e) => {
          setPicked(e.target.value);
          if (e.target.value) localStorage.setItem(key, e.target.value);
          else localStorage.removeItem(key);
        }}
        className={inputClass}
      >
        <option value="">{defaultLabel(page)}</option>
        {languages.map((lang) => (
          <optgroup key={lang} label={lang}>
            {voices
              .filter((v) => v.lang === lang)
              .map((v) => (
                <option key={v.voiceURI} value={v.name}>
                  {v.name}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <span id="cs-voice-hint" className="text-xs text-zinc-400">
        {voices.length ? CHAT_MESSAGES.browserVoices : CHAT_MESSAGES.noBrowserVoices}
      </span>
    </div>
  );
}
