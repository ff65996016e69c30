import type { IncomingHttpHeaders } from "node:http";

/**
 * The part of a fetch `Response` that viem's HTTP transport and @solana/web3.js read (status, headers,
 * the body as text or JSON), for an answer whose body is already in memory: no web stream is made.
 * `body` is null, so a reader takes the text whole (viem still applies its size limit to it).
 */
export class BufferedResponse {
  readonly body = null;
  readonly headers: Headers;
  readonly statusText = "";

  constructor(
    readonly status: number,
    rawHeaders: IncomingHttpHeaders,
    private readonly bodyText: string,
  ) {
    this.headers = new Headers();
    for (const [name, value] of Object.entries(rawHeaders)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) this.headers.append(name, v);
    }
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  async text(): Promise<string> {
    return this.bodyText;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.bodyText);
  }
}
