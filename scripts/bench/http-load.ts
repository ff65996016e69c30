import { connect } from "node:net";

/**
 * A closed-loop HTTP/1.1 load generator: `connections` keep-alive sockets, each sending its next
 * request as soon as the previous response is complete. Written for the benchmark instead of
 * using a general client because it must cost the machine as little as possible (the server
 * under test shares these 2 cores), and because warm-up and measurement run on the same
 * connections: only responses completed inside the measured window count, so connection set-up
 * and the first JIT-cold requests are not in the figures.
 */
export type LoadRequest = { url: string; method?: string; headers?: Record<string, string>; body?: string };
export type LoadOptions = LoadRequest & { connections: number; warmupSeconds: number; seconds: number };
export type LoadResult = {
  /** Responses completed inside the measured window. */
  requests: number;
  seconds: number;
  /** Latencies (ms) of the window's 2xx responses, sorted ascending. */
  latenciesMs: Float64Array;
  statusCodes: Record<string, number>;
  /** Socket errors and connections closed mid-response, over warm-up and window. */
  errors: number;
};

const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

/** The nearest-rank percentile `p` of ascending `sorted` values (NaN when empty). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const url = new URL(opts.url);
  const wire = requestBytes(url, opts);
  const start = performance.now();
  const windowStart = start + opts.warmupSeconds * 1000;
  const windowEnd = windowStart + opts.seconds * 1000;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let requests = 0;
  let errors = 0;

  const record = (status: number, sentAt: number, doneAt: number) => {
    if (doneAt < windowStart || doneAt > windowEnd) return;
    requests++;
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    if (status >= 200 && status < 300) latencies.push(doneAt - sentAt);
  };

  const worker = () =>
    new Promise<void>((resolve) => {
      const open = () => {
        const socket = connect(Number(url.port), url.hostname);
        socket.setNoDelay(true);
        const reader = new ResponseReader();
        let sentAt = 0;
        let busy = false;
        const send = () => {
          busy = true;
          sentAt = performance.now();
          socket.write(wire);
        };
        socket.on("connect", send);
        socket.on("data", (chunk: Buffer) => {
          try {
            for (const status of reader.push(chunk)) {
              const now = performance.now();
              busy = false;
              record(status, sentAt, now);
              if (now < windowEnd) send();
              else socket.end();
            }
          } catch {
            // A response this reader cannot frame: count it and start over on a new connection.
            socket.destroy();
          }
        });
        socket.on("error", () => {
          errors++;
          socket.destroy();
        });
        socket.on("close", () => {
          if (busy) errors++;
          if (performance.now() < windowEnd) setImmediate(open);
          else resolve();
        });
      };
      open();
    });

  await Promise.all(Array.from({ length: opts.connections }, worker));
  return { requests, seconds: opts.seconds, latenciesMs: Float64Array.from(latencies).sort(), statusCodes, errors };
}

function requestBytes(url: URL, req: LoadRequest): Buffer {
  const body = req.body === undefined ? undefined : Buffer.from(req.body);
  const lines = [
    `${req.method ?? "GET"} ${url.pathname}${url.search} HTTP/1.1`,
    `Host: ${url.host}`,
    "Connection: keep-alive",
  ];
  for (const [name, value] of Object.entries(req.headers ?? {})) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

/**
 * Splits a stream of HTTP/1.1 responses (Content-Length or chunked bodies) and yields each
 * complete response's status code. Bodies are skipped, not decoded.
 */
class ResponseReader {
  private buf: Buffer = Buffer.alloc(0);

  *push(chunk: Buffer): Generator<number> {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    for (;;) {
      const parsed = this.next();
      if (!parsed) return;
      this.buf = this.buf.subarray(parsed.length);
      yield parsed.status;
    }
  }

  /** The first complete response in the buffer: its status and byte length. */
  private next(): { status: number; length: number } | undefined {
    const headerEnd = this.buf.indexOf(HEADER_END);
    if (headerEnd < 0) return undefined;
    const head = this.buf.subarray(0, headerEnd).toString("latin1");
    const status = Number(head.slice(9, 12));
    const bodyStart = headerEnd + 4;
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (length) {
      const end = bodyStart + Number(length[1]);
      return this.buf.length >= end ? { status, length: end } : undefined;
    }
    if (!/\r\ntransfer-encoding:\s*chunked/i.test(head))
      throw new Error(`response without a length: ${head.split("\r\n")[0]}`);
    let at = bodyStart;
    for (;;) {
      const lineEnd = this.buf.indexOf(CRLF, at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(this.buf.subarray(at, lineEnd).toString("latin1"), 16);
      // A chunk is its size line, its data and a CRLF; the last (size 0) ends with an empty line.
      const chunkEnd = lineEnd + 2 + size + 2;
      if (this.buf.length < chunkEnd) return undefined;
      at = chunkEnd;
      if (size === 0) return { status, length: at };
    }
  }
}
