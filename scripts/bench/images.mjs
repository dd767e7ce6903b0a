// The picture queue's own cost: a picture asked through POST /api/images and followed at
// GET /api/status/:id (as the browser does, but every 100 ms), against the same picture asked of the
// image server directly. The difference is what the JOBS queue, the consumer and R2 add.
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

export async function measurePictures({ base, cookie, imageBase, runs }) {
  const direct = [];
  const queued = [];
  for (let i = 0; i < runs; i++) {
    const body = { prompt: `bench picture ${i}`, model: "anime", width: 512, height: 512, seed: i };
    let start = performance.now();
    const answer = await fetch(`${imageBase}/sdapi/v1/txt2img`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, negative_prompt: "" }),
    });
    await answer.json();
    direct.push(performance.now() - start);

    start = performance.now();
    const ask = await fetch(`${base}/api/images`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (ask.status !== 202) throw new Error(`POST /api/images answered ${ask.status}: ${await ask.text()}`);
    const { jobId } = await ask.json();
    for (let polls = 0; ; polls++) {
      if (polls > 600) throw new Error("the picture job did not finish within 60 s");
      const status = await (await fetch(`${base}/api/status/${jobId}`, { headers: { cookie, accept: "application/json" } })).json();
      if (status.status === "completed") break;
      if (status.status === "error") throw new Error(`the picture job failed: ${status.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    queued.push(performance.now() - start);
  }
  return { runs, direct: median(direct), queued: median(queued) };
}
