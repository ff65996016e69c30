// The production server (`npm start`): Next.js's request handler on a plain Node HTTP server, so that
// the client address every per-client limit counts comes from the connection, not from a header the
// client wrote. `next start` keeps an X-Forwarded-For the client sent, so anyone could name a fresh
// address per request and never reach a limit. Here the header is rewritten before Next.js sees it:
//   TRUST_PROXY_HOPS=0 (default)  the socket's peer is the client; any X-Forwarded-For is discarded
//   TRUST_PROXY_HOPS=n            n proxies of yours stand in front: the client is the address n places
//                                 from the right of [X-Forwarded-For..., socket peer]
// lib/http/client-ip.ts then reads the single address left in the header.
//
//   node scripts/serve.mjs [-p 3000] [-H 0.0.0.0]
import { createServer } from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";
import next from "next";

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p", default: process.env.PORT || "3000" },
    // Every interface by default, as `next start` does. (Not $HOSTNAME: containers export the machine's name in it.)
    hostname: { type: "string", short: "H" },
  },
});
const port = Number(values.port);
const hostname = values.hostname;
const hops = trustedHops(process.env.TRUST_PROXY_HOPS);

function trustedHops(value) {
  if (value === undefined || value === "") return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 10) {
    console.error(`TRUST_PROXY_HOPS must be a whole number from 0 to 10, got "${value}"`);
    process.exit(1);
  }
  return n;
}

/** The client's address: the socket's peer, or the address `hops` trusted proxies say they served. */
function clientAddress(forwardedFor, socketAddress, trusted) {
  const peer = socketAddress || "unknown";
  if (trusted === 0) return peer;
  const chain = [forwardedFor ?? []]
    .flat()
    .join(",")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  chain.push(peer);
  // Fewer hops than proxies: the request did not come through all of them; the leftmost is all there is.
  return chain[Math.max(0, chain.length - 1 - trusted)];
}

const app = next({ dev: false, dir: join(import.meta.dirname, ".."), hostname: hostname ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  req.headers["x-forwarded-for"] = clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, hops);
  void handle(req, res);
});
// Longer than a load balancer's idle timeout (often 60 s), so the balancer closes idle connections first.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(
    `ready on http://${hostname ?? "localhost"}:${port} (client address: ${hops ? `${hops} trusted proxy hop(s)` : "socket"})`,
  );
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
