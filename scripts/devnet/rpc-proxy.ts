import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";

/** One JSON-RPC call as it crossed the proxy. */
export type RpcCall = { method: string; params: unknown[] };

/** A request the proxy is holding: before it reached the chain ("request") or after the chain answered ("response"). */
export type Held = {
  call: RpcCall;
  /** Let it go on (forward it, or hand the chain's answer back). */
  release(): void;
  /** Cut the connection: the caller never gets an answer (as when its process died). */
  drop(): void;
};

export type RpcProxy = {
  url: string;
  /** Calls seen per method, batches counted per call. */
  counts: Map<string, number>;
  /**
   * Items asked per method: a call whose first parameter is a list (getSignatureStatuses' signatures)
   * counts each of its items, any other call counts one.
   */
  items: Map<string, number>;
  /** Hold the next call matching `match`, before forwarding it or after its answer; resolves once held. */
  holdNext(match: (call: RpcCall) => boolean, when: "request" | "response"): Promise<Held>;
  resetCounts(): void;
  /**
   * Stop answering, as a node that hangs: every call from now on is accepted and never answered
   * (not even after `resume`, as packets lost with a dead node), until the proxy closes.
   */
  stall(): void;
  /** Stop listening and cut every open connection, as a node that is down: connections are refused. */
  refuse(): Promise<void>;
  /** Forward calls again, on the same URL. */
  resume(): Promise<void>;
  close(): Promise<void>;
};

/** Told of every call as it arrives, before it is forwarded (a benchmark times the app's sends with it). */
export type RpcTap = (call: RpcCall) => void;

type Rule = { match: (call: RpcCall) => boolean; when: "request" | "response"; resolve: (held: Held) => void };

function callsOf(body: unknown): RpcCall[] {
  const list = Array.isArray(body) ? body : [body];
  return list
    .filter(
      (c): c is { method: string; params?: unknown } =>
        typeof c === "object" && c !== null && typeof (c as { method?: unknown }).method === "string",
    )
    .map((c) => ({ method: c.method, params: Array.isArray(c.params) ? c.params : [] }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A JSON-RPC pass-through in front of a real chain's RPC URL: the service under test is pointed at
 * it as it would be at a provider. It counts calls (RPC cost per payment) and can hold one call
 * before or after the chain sees it, so a test can kill the service at an exact step of a payment
 * (after the record, after the send, before the result is written) with the chain itself untouched.
 * It also plays a node that hangs (`stall`) or is down (`refuse`), and one that comes back (`resume`).
 * Any path and query are accepted (a provider key's place in a URL) and dropped when forwarding.
 */
export async function startRpcProxy(target: string, tap?: RpcTap): Promise<RpcProxy> {
  const counts = new Map<string, number>();
  const items = new Map<string, number>();
  const rules: Rule[] = [];
  const sockets = new Set<import("node:net").Socket>();
  // Kept-alive connections to the chain through undici's own client: the global fetch's web streams
  // cost the benchmark's proxies more CPU than the chain's answers (the machine is shared with the app).
  const targetUrl = new URL(target);
  const upstream = new Pool(targetUrl.origin, { connections: 32 });

  const takeRule = (calls: RpcCall[]) => {
    for (const call of calls) {
      const index = rules.findIndex((rule) => rule.match(call));
      if (index >= 0) return { rule: rules.splice(index, 1)[0]!, call };
    }
    return undefined;
  };

  const hold = (call: RpcCall, res: ServerResponse, rule: Rule) =>
    new Promise<boolean>((resolve) => {
      rule.resolve({
        call,
        release: () => resolve(true),
        drop: () => {
          res.socket?.destroy();
          resolve(false);
        },
      });
    });

  let mode: "forward" | "stall" | "refuse" = "forward";
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    let calls: RpcCall[] = [];
    try {
      calls = callsOf(JSON.parse(body.toString("utf8")));
    } catch {
      // not JSON: forwarded as it is, uncounted
    }
    for (const call of calls) {
      counts.set(call.method, (counts.get(call.method) ?? 0) + 1);
      const asked = Array.isArray(call.params[0]) ? call.params[0].length : 1;
      items.set(call.method, (items.get(call.method) ?? 0) + asked);
      tap?.(call);
    }
    if (mode !== "forward") return; // stalled: counted, and the caller waits until it gives up
    const taken = takeRule(calls);
    if (taken?.rule.when === "request" && !(await hold(taken.call, res, taken.rule))) return;
    let answer: { status: number; contentType: string; bytes: Buffer };
    try {
      const {
        statusCode,
        headers,
        body: stream,
      } = await upstream.request({
        path: `${targetUrl.pathname}${targetUrl.search}`,
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "application/json" },
        body,
      });
      const contentType = headers["content-type"];
      answer = {
        status: statusCode,
        contentType: typeof contentType === "string" ? contentType : "application/json",
        bytes: Buffer.from(await stream.arrayBuffer()),
      };
    } catch {
      res.socket?.destroy();
      return;
    }
    if (taken?.rule.when === "response" && !(await hold(taken.call, res, taken.rule))) return;
    res.writeHead(answer.status, { "content-type": answer.contentType });
    res.end(answer.bytes);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    items,
    holdNext: (match, when) => new Promise<Held>((resolve) => rules.push({ match, when, resolve })),
    resetCounts: () => {
      counts.clear();
      items.clear();
    },
    stall: () => {
      mode = "stall";
    },
    refuse: async () => {
      if (mode === "refuse") return;
      mode = "refuse";
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      cutAll();
      await closed;
    },
    resume: async () => {
      if (mode === "refuse") await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      mode = "forward";
    },
    close: async () => {
      cutAll();
      if (mode !== "refuse") await new Promise<void>((resolve) => server.close(() => resolve()));
      await upstream.destroy();
    },
  };
}
