// Runs in Node before the workerd tests: the local OpenAI-compatible server the adapter tests call.
import { startFakeOpenAi } from "../../support/fake-openai.mjs";

export const FAKE_OPENAI_PORT = 8795;

export default async function setup() {
  const fake = await startFakeOpenAi({ port: FAKE_OPENAI_PORT, tokenDelayMs: 5 });
  return () => fake.close();
}
