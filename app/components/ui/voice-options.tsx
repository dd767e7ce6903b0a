import { VOICE_GROUPS, VOICES } from "~/spec/voices";

/** The 28 voices as <option>s, grouped as in spec section 9 (US and UK, female and male). */
export function VoiceOptions() {
  return (
    <>
      {VOICE_GROUPS.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {VOICES.filter((v) => v.group === g.label).map((v) => (
            <option key={v.id} value={v.id}>
              {v.label}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
