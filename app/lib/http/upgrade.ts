/**
 * Whether a request asks for a WebSocket (issue 58: read as a list of tokens, whatever their case and
 * blanks, the same way everywhere it is decided): `Upgrade: websocket`, `Upgrade: WebSocket, h2c`.
 */
export function isWebSocketUpgrade(request: Request) {
  return (request.headers.get("Upgrade") ?? "").split(",").some((token) => token.trim().toLowerCase() === "websocket");
}
