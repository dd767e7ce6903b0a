/**
 * The call's ear (issue 63, decision 090): the microphone with echo cancellation and noise
 * suppression, and turn detection by its level. A turn starts when the level stays above the room's
 * noise for three frames (32 ms each); it ends after 700 ms of quiet, or at 28 seconds. The turn is
 * handed over as 16 kHz mono samples, with the 320 ms before it began, so its first word is whole.
 */
import { CALL_LIMITS } from "~/spec/calls";

const RATE = 16_000;
const FRAME = 512;
const START_FRAMES = 3;
const END_MS = 700;
const PRE_ROLL_FRAMES = 10;

export type Ear = { stop: () => void; setMuted: (muted: boolean) => void };
export type EarEvents = {
  /** The person started speaking (the character stops talking: barge-in). */
  onSpeechStart: () => void;
  /** A turn ended: its samples. */
  onTurn: (samples: Float32Array, sampleRate: number) => void;
};

export async function openEar(events: EarEvents): Promise<Ear> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
  });
  const context = new AudioContext({ sampleRate: RATE });
  const source = context.createMediaStreamSource(stream);
  // A ScriptProcessor is deprecated but everywhere, and needs no module file; frames are small.
  const processor = context.createScriptProcessor(FRAME, 1, 1);
  let muted = false;
  let noise = 0.005;
  let loud = 0;
  let quietMs = 0;
  let speaking = false;
  let turn: Float32Array[] = [];
  const before: Float32Array[] = [];
  const frameMs = (FRAME / RATE) * 1000;
  const finish = () => {
    speaking = false;
    const samples = new Float32Array(turn.reduce((n, f) => n + f.length, 0));
    let at = 0;
    for (const frame of turn) {
      samples.set(frame, at);
      at += frame.length;
    }
    turn = [];
    events.onTurn(samples, RATE);
  };
  processor.onaudioprocess = (event) => {
    const frame = new Float32Array(event.inputBuffer.getChannelData(0));
    if (muted) return;
    let sum = 0;
    for (const s of frame) sum += s * s;
    const level = Math.sqrt(sum / frame.length);
    const threshold = Math.max(0.012, noise * 3);
    if (!speaking) {
      before.push(frame);
      if (before.length > PRE_ROLL_FRAMES) before.shift();
      loud = level > threshold ? loud + 1 : 0;
      // The room's noise, learned while nobody speaks.
      if (level <= threshold) noise = noise * 0.95 + level * 0.05;
      if (loud >= START_FRAMES) {
        speaking = true;
        quietMs = 0;
        turn = [...before];
        before.length = 0;
        events.onSpeechStart();
      }
      return;
    }
    turn.push(frame);
    quietMs = level > threshold ? 0 : quietMs + frameMs;
    if (quietMs >= END_MS || turn.length * frameMs >= (CALL_LIMITS.turnSecondsMax - 2) * 1000) finish();
  };
  source.connect(processor);
  // A processor runs only when connected to the output; it writes silence there.
  processor.connect(context.destination);
  return {
    stop: () => {
      processor.disconnect();
      source.disconnect();
      stream.getTracks().forEach((t) => t.stop());
      void context.close();
    },
    setMuted: (value) => {
      muted = value;
      stream.getAudioTracks().forEach((t) => (t.enabled = !value));
      if (value) {
        speaking = false;
        turn = [];
        loud = 0;
      }
    },
  };
}
