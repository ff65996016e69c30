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
import { existsSync, readFileSync } from "node:fs";
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

// The process's lifecycle, shared with the app's code (lib/lifecycle/lifecycle-host.ts) through this
// object on globalThis: Next.js runs instrumentation.ts and the routes in this process, but from bundles
// of their own that cannot import this file. Made before Next.js starts, so that instrumentation.ts finds
// it: it reports how the start went (`reportStart`) and installs `shutdown`; this file counts the HTTP
// requests in flight and, on SIGTERM/SIGINT, stops accepting and calls `shutdown`.
const lifecycle = { managed: true, draining: false, requests: 0 };
globalThis[Symbol.for("payment-service.lifecycle")] = lifecycle;
const started = new Promise((resolve) => (lifecycle.reportStart = resolve));
let server;

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void stop(signal));

const dir = join(import.meta.dirname, "..");
// The configuration the build resolved, as Next.js's own standalone server.js passes it: the container image
// (Next's standalone output) has no next.config.ts, nor the compiler to load one. Here too, so that both run alike
// (and Next.js does not warn that `output: "standalone"` builds want its server.js).
const buildFiles = join(dir, process.env.NEXT_DIST_DIR || ".next", "required-server-files.json");
if (!existsSync(buildFiles)) {
  console.error(`no production build (${buildFiles} is missing): run \`npm run build\` first`);
  process.exit(1);
}
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(JSON.parse(readFileSync(buildFiles, "utf8")).config);
const app = next({ dev: false, dir, hostname: hostname ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();
// A start that failed (database unreachable, migrations failed, a broken NETWORKS_FILE, a missing gas key)
// exits with the reason rather than answering every request with a 500.
const failure = await started;
if (failure) {
  console.error(`payment service did not start: ${failure}`);
  process.exit(1);
}

const inFlight = new Set();
server = createServer((req, res) => {
  req.headers["x-forwarded-for"] = clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, hops);
  lifecycle.requests++;
  inFlight.add(res);
  // A request that came in on a kept-alive connection while draining is served, then its connection closed.
  if (lifecycle.draining) res.setHeader("connection", "close");
  res.once("close", () => {
    lifecycle.requests--;
    inFlight.delete(res);
  });
  void handle(req, res);
});
// Longer than a load balancer's idle timeout (often 60 s), so the balancer closes idle connections first.
server.keepAliveTimeout = 65_000;
let listenFailed = false;
// A port another process holds is fatal: exit with the reason rather than run the jobs behind a listener
// that never opened, while whoever holds the port answers in this instance's place.
server.once("error", (err) => {
  console.error(`payment service cannot listen on ${hostname ?? "localhost"}:${port}: ${err.message}`);
  listenFailed = true;
  void stop("listen failed");
});
server.listen(port, hostname, () => {
  console.log(
    `ready on http://${hostname ?? "localhost"}:${port} (client address: ${hops ? `${hops} trusted proxy hop(s)` : "socket"})`,
  );
});

let stopping = false;
/**
 * Graceful shutdown (docs/operations.md#shutdown), driven by lib/lifecycle/run-shutdown.ts within
 * SHUTDOWN_GRACE_MS: /readyz answers 503 from now on, idle keep-alive connections are closed and every
 * answer closes its connection, long-polls are answered, jobs claim nothing new, and requests, sends and
 * webhook attempts in flight finish or hand their work back; then the listener closes, leases are
 * released, pools closed. The listener stays open only while something is still in flight, so that the
 * load balancer's probes see the 503 and a request it sends before it has noticed is still served.
 * Exit 0 when nothing was cut; a second signal, or the grace plus a margin, exits at once.
 */
async function stop(signal) {
  if (stopping || !server || !lifecycle.shutdown) {
    // Not started yet (nothing to drain), or asked twice: stop now.
    process.exit(stopping ? 1 : 0);
  }
  stopping = true;
  lifecycle.draining = true;
  console.log(`${signal}: draining for up to ${lifecycle.graceMs} ms`);
  server.closeIdleConnections();
  for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
  const backstop = setTimeout(
    () => {
      console.error("shutdown did not finish within its grace; exiting");
      process.exit(1);
    },
    (lifecycle.graceMs ?? 0) + 5_000,
  );
  backstop.unref();
  let code = 1;
  try {
    code = await lifecycle.shutdown(() => {
      server.close();
      server.closeIdleConnections();
    });
  } catch (err) {
    console.error(`shutdown failed: ${err?.stack ?? err}`);
  }
  server.closeAllConnections();
  process.exit(listenFailed ? 1 : code);
}
