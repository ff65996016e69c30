import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { env } from "@/lib/env";
import { onShutdown } from "@/lib/lifecycle/lifecycle-host";
import { log } from "@/lib/log";
import { renderMetrics } from "./render-metrics";
import { bearerMatches } from "./scrape-access";

/**
 * With METRICS_PORT set, serve /metrics on that port, a listener of this process apart from the public
 * one (which never answers for it without METRICS_TOKEN), on every interface so that a scraper in
 * another container reaches it: publish the port to the scraper only. With METRICS_TOKEN too, this port
 * asks for it as well. Open until the last step of a shutdown, so a drain can be watched. A port that
 * cannot be opened stops the start.
 */
export async function startMetricsListener(): Promise<void> {
  const { METRICS_PORT: port, METRICS_TOKEN: token } = env();
  if (port === undefined) return;
  const server = createServer((req, res) => void answer(req, res, token));
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err) => reject(new Error(`METRICS_PORT ${port} cannot be opened: ${err.message}`)));
    server.listen(port, () => resolve());
  });
  onShutdown("close", async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  log.info({ port }, "metrics served on their own port");
}

async function answer(req: IncomingMessage, res: ServerResponse, token: string | undefined): Promise<void> {
  const path = new URL(req.url ?? "/", "http://metrics").pathname;
  if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD"))
    return void res.writeHead(404, { "content-type": "text/plain" }).end("Not found: metrics are at /metrics\n");
  if (token && !bearerMatches(req.headers.authorization, token))
    return void res
      .writeHead(401, { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' })
      .end("Send the metrics token: Authorization: Bearer <METRICS_TOKEN>\n");
  try {
    const { body, contentType } = await renderMetrics();
    res
      .writeHead(200, { "content-type": contentType, "cache-control": "no-store" })
      .end(req.method === "HEAD" ? undefined : body);
  } catch (err) {
    log.error({ err }, "metrics could not be rendered");
    res.writeHead(500, { "content-type": "text/plain" }).end("Metrics could not be rendered\n");
  }
}
