import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

const HANDSHAKE_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"; // fixed by RFC 6455
const MAX_MESSAGE_BYTES = 1 << 20;
const OP_CONTINUATION = 0x0,
  OP_TEXT = 0x1,
  OP_BINARY = 0x2,
  OP_CLOSE = 0x8,
  OP_PING = 0x9;

/**
 * Just enough of RFC 6455 for the Solana pubsub endpoint: text messages, fragmentation, ping and
 * close, no extensions. Node 20 has no WebSocket server built in and the project takes no new
 * dependency for a devnet. Emits "message" (string) and "close".
 */
export class WebSocketConnection extends EventEmitter {
  private buffer = Buffer.alloc(0);
  private fragments: Buffer[] = [];
  private closed = false;

  constructor(private readonly socket: Duplex) {
    super();
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    socket.on("close", () => this.finish());
    socket.on("error", () => this.finish());
  }

  send(text: string): void {
    if (!this.closed) this.socket.write(frame(OP_TEXT, Buffer.from(text)));
  }

  close(): void {
    if (this.closed) return;
    this.socket.write(frame(OP_CLOSE, Buffer.alloc(0)));
    this.socket.end();
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.emit("close");
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.buffer.length < 2) return;
      const first = this.buffer[0] as number;
      const second = this.buffer[1] as number;
      let length = second & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (length > MAX_MESSAGE_BYTES) return this.close();
      const masked = (second & 0x80) !== 0;
      const total = offset + (masked ? 4 : 0) + length;
      if (this.buffer.length < total) return;
      const payload = Buffer.from(this.buffer.subarray(total - length, total));
      if (masked) {
        const mask = this.buffer.subarray(offset, offset + 4);
        for (let i = 0; i < payload.length; i++) payload[i] = (payload[i] as number) ^ (mask[i % 4] as number);
      }
      this.buffer = this.buffer.subarray(total);
      this.handleFrame(first & 0x0f, (first & 0x80) !== 0, payload);
    }
  }

  private handleFrame(opcode: number, fin: boolean, payload: Buffer): void {
    if (opcode === OP_CLOSE) return this.close();
    if (opcode === OP_PING) {
      this.socket.write(frame(0xa, payload));
      return;
    }
    if (opcode !== OP_TEXT && opcode !== OP_BINARY && opcode !== OP_CONTINUATION) return; // pong and reserved
    this.fragments.push(payload);
    if (!fin) return;
    const message = Buffer.concat(this.fragments).toString("utf8");
    this.fragments = [];
    this.emit("message", message);
  }
}

function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : length < 65536
        ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigEndian64(length)]);
  return Buffer.concat([header, payload]);
}

function bigEndian64(value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(value));
  return out;
}

/** Completes the HTTP upgrade handshake; returns null (and drops the socket) for a non-WebSocket upgrade. */
export function acceptWebSocket(req: IncomingMessage, socket: Duplex): WebSocketConnection | null {
  const key = req.headers["sec-websocket-key"];
  if (typeof key !== "string" || req.headers.upgrade?.toLowerCase() !== "websocket") {
    socket.end("HTTP/1.1 400 Bad Request\r\n\r\n");
    return null;
  }
  const accept = createHash("sha1")
    .update(key + HANDSHAKE_GUID)
    .digest("base64");
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  return new WebSocketConnection(socket);
}
