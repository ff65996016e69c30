import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { dash, signUpUser } from "../support/dashboard";

// Every log line a request causes carries its request id, not only the route's own line: here the
// password-reset email that lib/email writes to the log (the suite's server has no SMTP_URL), a line
// four calls below the route and written after the route has answered.

type Line = { msg?: string; reqId?: string; email?: { to?: string } };

function linesOf(file: string): Line[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line);
}

async function lineUntil(file: string, found: (line: Line) => boolean): Promise<Line> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const line = linesOf(file).find(found);
    if (line) return line;
    if (Date.now() > deadline) throw new Error("the line never came");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("request-scoped logging", () => {
  it("puts the caller's x-request-id on a line logged deep inside the request", async () => {
    const user = await signUpUser();
    const requestId = `req-log-test-${Date.now()}`;
    const res = await dash("/dashboard/api/forgot-password", {
      method: "POST",
      json: { email: user.email },
      headers: { "x-request-id": requestId },
    });
    expect(res.status).toBe(202);
    expect(res.headers.get("x-request-id")).toBe(requestId);

    const log = inject("serverLog");
    const email = await lineUntil(
      log,
      (line) => !!line.msg?.startsWith("email not sent") && line.email?.to === user.email,
    );
    expect(email.reqId).toBe(requestId);
    // The route's own line too (written when the answer is done, which may come after the email's line),
    // and no line of another request carries this id.
    await lineUntil(log, (line) => line.reqId === requestId && line.msg === "request");
    const tagged = linesOf(log).filter((line) => line.reqId === requestId);
    expect(tagged.map((line) => line.msg).sort()).toEqual([
      "email not sent: SMTP_URL is unset, so here it is",
      "request",
    ]);
  });
});
