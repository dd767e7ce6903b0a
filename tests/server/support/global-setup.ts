// Runs in Node before the workerd tests: the local servers the adapter tests call (an
// OpenAI-compatible text and speech server, an A1111 / OpenAI images server, an OAuth provider, and a
// speech-to-text server backed by pocketsphinx).
import { startFakeImages } from "../../support/fake-images.mjs";
import { startFakeOAuth } from "../../support/fake-oauth.mjs";
import { startFakeOpenAi } from "../../support/fake-openai.mjs";
import { startFakeStt } from "../../support/fake-stt.mjs";

export const FAKE_OPENAI_PORT = 8795;
export const FAKE_IMAGES_PORT = 8796;
export const FAKE_OAUTH_PORT = 8797;
export const FAKE_STT_PORT = 8798;

export default async function setup() {
  const fake = await startFakeOpenAi({ port: FAKE_OPENAI_PORT, tokenDelayMs: 5 });
  const images = await startFakeImages({ port: FAKE_IMAGES_PORT });
  const oauth = await startFakeOAuth({ port: FAKE_OAUTH_PORT });
  const stt = await startFakeStt({ port: FAKE_STT_PORT });
  return async () => {
    await stt.close();
    await fake.close();
    await images.close();
    await oauth.close();
  };
}
