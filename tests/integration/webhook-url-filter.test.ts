import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestMerchant } from "../support/api";
import { startWebhookServer, type WebhookServer } from "../support/webhooks";

// A server as production runs it: webhook URLs must reach public addresses only.

let server: WebhookServer;
let merchant: TestMerchant;
beforeAll(async () => {
  server = await startWebhookServer("hooks_url_filter", {});
  merchant = await server.newMerchant();
});
afterAll(async () => {
  await server?.close();
});

const register = (url: string) =>
  server.call(merchant, { method: "POST", path: "/v1/webhook-endpoints", body: { url } });

async function refusal(url: string): Promise<{ status: number; code: string; message: string }> {
  const res = await register(url);
  const body = (await res.json()) as { code: string; message: string };
  return { status: res.status, code: body.code, message: body.message };
}

describe("webhook URL filter", () => {
  it("refuses every non-global IPv6 form with the same answer as a name that does not resolve", async () => {
    const unresolvable = await refusal("https://no-such-host.invalid/hooks");
    expect(unresolvable).toMatchObject({ status: 400, code: "webhook_url_not_allowed" });
    const hosts = [
      "[::7f00:1]", // IPv4-compatible 127.0.0.1
      "[::a9fe:a9fe]", // IPv4-compatible 169.254.169.254
      "[::ffff:7f00:1]", // IPv4-mapped
      "[::ffff:0:7f00:1]", // SIIT
      "[64:ff9b::7f00:1]", // NAT64 of 127.0.0.1
      "[64:ff9b::a00:1]", // NAT64 of 10.0.0.1
      "[64:ff9b:1::808:808]", // local-use NAT64
      "[2002:7f00:1::1]", // 6to4 of 127.0.0.1
      "[2001::1]", // Teredo
      "[fd00:ec2::254]", // unique-local (a cloud's metadata service)
      "[fe80::1]", // link-local
      "[fec0::1]", // site-local
      "[2001:db8::1]", // documentation
      "[3fff::1]", // documentation
      "[ff02::1]", // multicast
      "[100::1]", // discard
      "[::]",
      "[::1]",
      "10.0.0.1",
      "169.254.169.254",
      "localhost",
    ];
    for (const host of hosts) expect(await refusal(`https://${host}/hooks`), host).toEqual(unresolvable);
  });

  it("accepts public addresses, IPv4 and IPv6", async () => {
    for (const host of ["1.1.1.1", "[2606:4700::1111]", "[64:ff9b::808:808]"])
      expect((await register(`https://${host}/hooks`)).status, host).toBe(201);
  });
});
