import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

// Keys of the test's own: set before lib/env reads the environment (on the first import below).
const oldKey = randomBytes(32).toString("base64");
const newKey = randomBytes(32).toString("base64");
process.env.SECRETS_KEY = `${newKey},${oldKey}`;

let seal: typeof import("@/lib/secrets/seal-secret");

beforeAll(async () => {
  seal = await import("@/lib/secrets/seal-secret");
});

describe("sealed secrets", () => {
  it("seals with AES-256-GCM under the first key: nothing of the secret shows, and it opens again", () => {
    const secret = `whsec_${randomBytes(32).toString("base64")}`;
    const sealed = seal.sealSecret(secret, "webhook_endpoints:whe_1");
    expect(sealed.startsWith(seal.currentSealPrefix())).toBe(true);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(seal.sealSecret(secret, "webhook_endpoints:whe_1")).not.toBe(sealed);
    expect(seal.openSecret(sealed, "webhook_endpoints:whe_1")).toBe(secret);
  });

  it("refuses a sealed value moved to another row, or altered", () => {
    const sealed = seal.sealSecret("whsec_abc", "webhook_endpoints:whe_1");
    expect(() => seal.openSecret(sealed, "webhook_endpoints:whe_2")).toThrow(seal.SecretUnreadableError);
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === "A" ? "B" : "A") + sealed.at(-1);
    expect(() => seal.openSecret(flipped, "webhook_endpoints:whe_1")).toThrow(seal.SecretUnreadableError);
    expect(() => seal.openSecret("sealed:v1:000000000000:AAAA", "x")).toThrow(/does not hold/);
  });

  it("passes plaintext from before sealing through, as it is", () => {
    expect(seal.isSealed("whsec_plain")).toBe(false);
    expect(seal.openSecret("whsec_plain", "webhook_endpoints:whe_1")).toBe("whsec_plain");
  });
});
