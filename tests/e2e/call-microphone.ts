import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import config from "../../playwright.config";

// The calls' microphone (issue 63), with real speech: Chromium's fake microphone plays a file flite
// spoke (a second of quiet, "do you remember my dog", quiet, then "what is your name" while the
// character is still talking), and the test server hears it with pocketsphinx.
const dir = path.resolve("test-results/call-audio");
mkdirSync(dir, { recursive: true });
const say = (text: string, name: string) => {
  execFileSync("flite", ["-voice", "rms", "-t", text, "-o", path.join(dir, `${name}-raw.wav`)]);
  execFileSync("sox", [path.join(dir, `${name}-raw.wav`), "-r", "16000", "-c", "1", "-b", "16", path.join(dir, `${name}.wav`)]);
};
say("do you remember my dog", "first");
say("what is your name", "second");
const microphone = path.join(dir, "microphone.wav");
// 1 s quiet, the first turn, 6 s quiet (heard, answered, spoken), the second turn over the character, 20 s quiet.
execFileSync("sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", path.join(dir, "quiet1.wav"), "trim", "0", "1"]);
execFileSync("sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", path.join(dir, "quiet6.wav"), "trim", "0", "6"]);
execFileSync("sox", ["-n", "-r", "16000", "-c", "1", "-b", "16", path.join(dir, "quiet20.wav"), "trim", "0", "20"]);
execFileSync(
  "sox",
  ["quiet1.wav", "first.wav", "quiet6.wav", "second.wav", "quiet20.wav", "microphone.wav"].map((f) => path.join(dir, f)),
);
const seconds = (file: string) => Number(execFileSync("sox", ["--i", "-D", path.join(dir, file)]).toString());
// flite starts each sentence with a little quiet: the second turn's voice starts after it.
execFileSync("sox", [path.join(dir, "second.wav"), path.join(dir, "second-trimmed.wav"), "silence", "1", "0.005", "1%"]);
/** Where the second turn's voice starts in the microphone's file, in ms. */
export const secondTurnAt = (1 + seconds("first.wav") + 6 + seconds("second.wav") - seconds("second-trimmed.wav")) * 1000;

/** The suite's Chromium, with the fake microphone playing the file (from when the page opens it) and sound allowed. */
const suite = config.use!.launchOptions!;
export const withMicrophone = {
  ...suite,
  args: [
    ...suite.args!,
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${microphone}%noloop`,
    "--autoplay-policy=no-user-gesture-required",
  ],
};

/** Records when the fake microphone starts playing its file (as the page opens it): `window.microphoneAt`. */
export async function recordMicrophoneStart(page: Page) {
  await page.addInitScript(() => {
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      (window as unknown as { microphoneAt: number }).microphoneAt = performance.now();
      return stream;
    };
  });
}
