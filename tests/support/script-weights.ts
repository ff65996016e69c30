import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";

/**
 * The most gzip JavaScript the hosted checkout may load before the buyer does anything (issue 29).
 * The framework alone (React, Next's runtime and router) is about 133 KB of it; the checkout's own
 * code has what is left. Held by tests/e2e/checkout-weight.spec.ts, reported by `npm run bench:bundle`.
 */
export const CHECKOUT_FIRST_LOAD_LIMIT_KB = 150;

export type Script = { url: string; bytes: number; gzip: number };

/**
 * Every JavaScript response the page receives from now on, in arrival order, with its raw size and
 * its size gzipped at level 9 (what a server compressing its static files sends).
 */
export function collectScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() !== "script") return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(res.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  return scripts;
}

export const sumOf = (list: Script[], key: "bytes" | "gzip") => list.reduce((s, x) => s + x[key], 0);
export const kb = (n: number) => (n / 1024).toFixed(1);
