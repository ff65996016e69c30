import { describe, expect, it } from "vitest";
import { settingsChanges } from "@/lib/audit/settings-changes";
import type { MerchantSettings } from "@/lib/merchants/merchant-settings";
import { recipientsFor, type Member } from "@/lib/notifications/recipients";

const owner: Member = { userId: "usr_owner", email: "owner@shop.test", isOwner: true };
const clerk: Member = { userId: "usr_clerk", email: "clerk@shop.test", isOwner: false };
const sent = (rows: ReturnType<typeof recipientsFor>) => rows.filter((r) => r.send).map((r) => r.member.userId);

describe("who gets a merchant notification", () => {
  it("owners by default, other members only when they opted in", () => {
    expect(sent(recipientsFor("payment_exceptions", [owner, clerk], []))).toEqual(["usr_owner"]);
    const optedIn = [{ userId: "usr_clerk", kind: "payment_exceptions", enabled: true }];
    expect(sent(recipientsFor("payment_exceptions", [owner, clerk], optedIn))).toEqual(["usr_owner", "usr_clerk"]);
  });

  it("an owner who opted out of one kind still gets the others; every member is listed, sent or not", () => {
    const prefs = [{ userId: "usr_owner", kind: "payment_exceptions", enabled: false }];
    expect(recipientsFor("payment_exceptions", [owner, clerk], prefs)).toEqual([
      { member: owner, send: false },
      { member: clerk, send: false },
    ]);
    expect(sent(recipientsFor("webhook_disabled", [owner, clerk], prefs))).toEqual(["usr_owner"]);
  });

  it("another member's choice does not count for this one", () => {
    const prefs = [{ userId: "usr_clerk", kind: "webhook_disabled", enabled: false }];
    expect(sent(recipientsFor("webhook_disabled", [owner, clerk], prefs))).toEqual(["usr_owner"]);
  });
});

describe("what a settings save changed, for the audit log", () => {
  const before: MerchantSettings = {
    name: "Shop",
    iconUrl: "data:image/png;base64,AAAA",
    evmAddress: "0x00000000000000000000000000000000000000a1",
    solanaAddress: null,
    acceptedTokens: null,
    defaultExpirySeconds: null,
    currency: "USD",
  };

  it("names each changed field with its old and new value, the icon without its data", () => {
    const after = {
      ...before,
      evmAddress: "0x00000000000000000000000000000000000000b2",
      iconUrl: "https://x.test/i.png",
    };
    expect(settingsChanges(before, after)).toEqual({
      evmAddress: { from: before.evmAddress, to: after.evmAddress },
      iconUrl: { from: "(an icon)", to: "(an icon)" },
    });
  });

  it("nothing for a save that changes nothing, arrays compared by value", () => {
    expect(settingsChanges({ ...before, acceptedTokens: ["a"] }, { ...before, acceptedTokens: ["a"] })).toEqual({});
  });
});
