// Node-side tests (node --test): what `npm start` does before wrangler runs.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { findModelServer, LOCAL_SERVERS, varsFor } from "../../scripts/model-server.mjs";
import { HEARING_SERVERS, SPEAKING_SERVERS, findSpeechServers, speechVarsFor } from "../../scripts/speech-servers.mjs";
import { FAKE_MODEL, startFakeOpenAi } from "../support/fake-openai.mjs";
import { startFakeStt } from "../support/fake-stt.mjs";

const noDevVars = join(mkdtempSync(join(tmpdir(), "reverie-")), ".dev.vars");

describe("npm start finds a local model server", () => {
  let fake;
  // KoboldCpp's port: the third server tried, so the two before it are found silent first.
  before(async () => (fake = await startFakeOpenAi({ port: 5001 })));
  after(() => fake.close());

  it("uses the first usual server that lists a model, with that model for all four product models", async () => {
    const found = await findModelServer({ env: {}, devVarsPath: noDevVars });
    assert.deepEqual(found, { name: "KoboldCpp", baseUrl: "http://127.0.0.1:5001/v1", model: FAKE_MODEL });
    const vars = varsFor(found);
    assert.equal(vars.TEXT_PROVIDER, "openai");
    assert.equal(vars.TEXT_API_BASE_URL, "http://127.0.0.1:5001/v1");
    assert.deepEqual(JSON.parse(vars.TEXT_MODELS), { Mage: FAKE_MODEL, Witch: FAKE_MODEL, Succubus: FAKE_MODEL, Lightning: FAKE_MODEL });
    assert.equal(vars.TEXT_SERVER_LABEL, `KoboldCpp · ${FAKE_MODEL}`);
  });

  it("TEXT_PROVIDER always wins, from the environment or from .dev.vars", async () => {
    assert.equal(await findModelServer({ env: { TEXT_PROVIDER: "offline" }, devVarsPath: noDevVars }), null);
    const devVars = join(mkdtempSync(join(tmpdir(), "reverie-")), ".dev.vars");
    writeFileSync(devVars, "SESSION_SECRET=x\nTEXT_PROVIDER=openai\n");
    assert.equal(await findModelServer({ env: {}, devVarsPath: devVars }), null);
  });

  it("with no server answering, the offline demo writer is used", async () => {
    const silent = LOCAL_SERVERS.map((s) => ({ ...s, baseUrl: s.baseUrl.replace(/:\d+\//, ":9/") }));
    assert.equal(await findModelServer({ servers: silent, env: {}, devVarsPath: noDevVars, timeoutMs: 300 }), null);
  });
});

describe("npm start finds local speech servers (issue 63)", () => {
  let stt;
  let speech;
  // The test speech-to-text server on speaches' port (the second tried), and a speech server on Kokoro's.
  before(async () => {
    stt = await startFakeStt({ port: 8000 });
    speech = await startFakeOpenAi({ port: 8880 });
  });
  after(async () => {
    await stt.close();
    await speech.close();
  });

  it("uses the servers that answer, and says how to point the app at them", async () => {
    const found = await findSpeechServers({ env: {}, devVarsPath: noDevVars });
    assert.deepEqual(found, { hearing: HEARING_SERVERS[1], speaking: SPEAKING_SERVERS[0] });
    assert.deepEqual(speechVarsFor(found), {
      STT_PROVIDER: "openai",
      STT_API_BASE_URL: "http://127.0.0.1:8000/v1",
      SPEECH_PROVIDER: "kokoro",
      SPEECH_API_BASE_URL: "http://127.0.0.1:8880/v1",
    });
  });

  it("STT_PROVIDER and SPEECH_PROVIDER always win; with nothing answering, the browser hears and speaks", async () => {
    assert.deepEqual(await findSpeechServers({ env: { STT_PROVIDER: "browser", SPEECH_PROVIDER: "browser" }, devVarsPath: noDevVars }), {
      hearing: null,
      speaking: null,
    });
    const silent = (list) => list.map((s) => ({ ...s, baseUrl: s.baseUrl.replace(/:\d+\//, ":9/") }));
    const none = await findSpeechServers({
      hearing: silent(HEARING_SERVERS),
      speaking: silent(SPEAKING_SERVERS),
      env: {},
      devVarsPath: noDevVars,
      timeoutMs: 300,
    });
    assert.deepEqual(none, { hearing: null, speaking: null });
    assert.deepEqual(speechVarsFor(none), {});
  });
});
