// Fault soak for npm run bench (issue 23): 40 chats at once, 4 people on each of 10 characters. Half
// the replies lose the model server mid-stream ("[[break]]"); a third of the pages go away after the
// first words. Counts 5xx answers and sends refused, then waits for every reply to end: a reply whose
// page went away must still complete (it is written in the person's object), and every failure must be
// stored as failed, for Retry.

/** Reads an SSE response until `stopAfterFirstToken` says to drop it; true when a token came. */
async function readUntil(response, stopAfterFirstToken) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    if (stopAfterFirstToken && text.includes("event: token")) {
      await reader.cancel();
      return;
    }
  }
}

export async function faultSoak({ base, cookies, characterIds, waitMs = 30_000 }) {
  const runs = [];
  let i = 0;
  for (const cookie of cookies)
    for (const characterId of characterIds) {
      const n = i++;
      runs.push({ cookie, characterId, breaks: n % 2 === 0, leaves: n % 3 === 0 });
    }
  const answers = await Promise.all(
    runs.map(async (run, n) => {
      const response = await fetch(`${base}/api/chats/${run.characterId}/messages`, {
        method: "POST",
        headers: { cookie: run.cookie, origin: base, "content-type": "application/json" },
        body: JSON.stringify({ content: `${run.breaks ? "[[break]] " : ""}Soak message ${n}` }),
      });
      if (response.ok) await readUntil(response, run.leaves);
      else await response.text();
      return response.status;
    }),
  );
  // Every reply ends in the object, whoever is still reading.
  const last = async (run) => {
    const chat = await (await fetch(`${base}/api/chats/${run.characterId}`, { headers: { cookie: run.cookie } })).json();
    return chat.messages.at(-1);
  };
  const deadline = Date.now() + waitMs;
  let ends = [];
  for (;;) {
    ends = await Promise.all(runs.map(last));
    if (ends.every((m) => m.status !== "streaming") || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const outcome = (pick) => runs.map((run, n) => ({ run, end: ends[n] })).filter(({ run }) => pick(run));
  const leftWhole = outcome((r) => r.leaves && !r.breaks);
  const broken = outcome((r) => r.breaks);
  return {
    chats: runs.length,
    serverErrors: answers.filter((s) => s >= 500).length,
    refused: answers.filter((s) => s !== 200 && s < 500).length,
    leftPagesCompleted: `${leftWhole.filter(({ end }) => end.status === "complete").length} of ${leftWhole.length}`,
    failuresStoredForRetry: `${broken.filter(({ end }) => end.status === "failed" && end.error).length} of ${broken.length}`,
    stillStreaming: ends.filter((m) => m.status === "streaming").length,
  };
}
