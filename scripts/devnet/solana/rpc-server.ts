import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { servePubSub } from "./pubsub";
import type { RpcContext } from "./rpc-context";
import { dispatch, toJson } from "./rpc-dispatch";
import { acceptWebSocket, type WebSocketConnection } from "./websocket";

const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface RpcServerHandle {
  rpcUrl: string;
  /** ws://127.0.0.1:<port+1>: where web3.js's Connection looks for pubsub by default. */
  wsUrl: string;
  close(): Promise<void>;
}

/**
 * JSON-RPC over HTTP on `port` and pubsub on `port + 1` (the layout of solana-test-validator, so a
 * plain `new Connection(rpcUrl)` finds its WebSocket). Both ports also accept the other protocol.
 * Port 0 picks a free pair. Loopback only; CORS open so a browser dapp on localhost can call it.
 */
export async function startRpcServer(ctx: RpcContext, port: number): Promise<RpcServerHandle> {
  const sockets = new Set<WebSocketConnection>();
  const makeServer = () => {
    const server = createServer((req, res) => void handleHttp(req, res, ctx));
    server.on("upgrade", (req: IncomingMessage, socket: Duplex) => {
      const conn = acceptWebSocket(req, socket);
      if (!conn) return;
      sockets.add(conn);
      conn.on("close", () => sockets.delete(conn));
      servePubSub(conn, ctx);
    });
    return server;
  };
  const http = makeServer();
  const ws = makeServer();
  for (let attempt = 0; ; attempt++) {
    const httpPort = await listen(http, port);
    try {
      await listen(ws, httpPort + 1);
      break;
    } catch (error) {
      await closeServer(http);
      // With a fixed port the caller asked for exactly this pair; with port 0, try another pair.
      if (port !== 0 || attempt >= 20)
        throw new Error(`Solana pubsub port ${httpPort + 1} is not free: ${String(error)}`);
    }
  }
  const httpPort = (http.address() as { port: number }).port;
  return {
    rpcUrl: `http://127.0.0.1:${httpPort}`,
    wsUrl: `ws://127.0.0.1:${httpPort + 1}`,
    close: async () => {
      for (const conn of sockets) conn.close();
      await Promise.all([closeServer(http), closeServer(ws)]);
    },
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      resolve((server.address() as { port: number }).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections(); // keep-alive clients would otherwise hold close() open
  });
}

async function handleHttp(req: IncomingMessage, res: ServerResponse, ctx: RpcContext): Promise<void> {
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("access-control-allow-headers", "content-type, solana-client");
  res.setHeader("access-control-allow-methods", "POST, GET, OPTIONS");
  if (req.method === "OPTIONS") return void res.writeHead(204).end();
  if (req.method === "GET" && req.url === "/health")
    return void res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  if (req.method !== "POST") return void res.writeHead(405).end();

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return void res.writeHead(413).end();
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    body = undefined;
  }
  const reply =
    body === undefined
      ? { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }
      : dispatch(body, ctx);
  res.writeHead(200, { "content-type": "application/json" }).end(toJson(reply));
}
