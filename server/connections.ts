import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/*
 * Stopping without dropping what was accepted (decision 042). Node's `server.close()` also closes every
 * connection it deems idle, among them a keep-alive connection whose next request is on its way or already
 * in the socket's buffer, unread: that client got a reset (ECONNRESET) for a request it had sent. Here the
 * listener alone is closed; each connection then ends its own way: its request is answered with
 * `Connection: close`, a keep-alive connection nobody uses closes at Node's keep-alive timeout (the time the
 * server announced, so a client does not send on it after), and one that never sent a byte closes after
 * FIRST_REQUEST_GRACE_MS.
 */

/** How long a connection accepted before the signal, with nothing sent yet, may take to begin its request. */
export const FIRST_REQUEST_GRACE_MS = 2_000;

/** Follows the server's connections from now on; `drain` stops accepting and lets each finish. */
export function trackConnections(server: Server) {
  const connections = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });

  /**
   * Stops listening (new connections are refused), answers every request on the connections already
   * accepted with `Connection: close`, and resolves once the last connection has closed.
   */
  function drain() {
    server.on("request", (_req, res) => res.setHeader("Connection", "close"));
    // net.Server's close, not http.Server's: that one would close the connections it deems idle at once.
    const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
    const unused = setTimeout(() => {
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    }, FIRST_REQUEST_GRACE_MS);
    return closed.finally(() => clearTimeout(unused));
  }

  return { drain };
}
