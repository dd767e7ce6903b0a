// A minimal Chrome DevTools Protocol client over workerd's inspector WebSocket, for npm run profile.
// `isTarget` picks the isolate by its inspector id or title. Only 127.0.0.1 is contacted.
export async function connectInspector(port, isTarget) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => isTarget(`${t.id ?? ""} ${t.title ?? ""}`)) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let next = 0;
  const pending = new Map();
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** Calls made before a profile starts: the JIT and the isolate's caches warm up. */
export const WARM_UP_CALLS = 30;

/** CPU profiles of `requests` calls each, after WARM_UP_CALLS, with the sampling interval npm run profile uses. */
export async function profileRequests(client, requests, get) {
  for (let i = 0; i < WARM_UP_CALLS; i++) await get();
  await client.send("Profiler.start");
  for (let i = 0; i < requests; i++) await get();
  return (await client.send("Profiler.stop")).profile;
}
