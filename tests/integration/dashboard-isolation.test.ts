import { describe, expect, it } from "vitest";
import { createPaymentRequest, usd } from "../support/api";
import { createKey, dash, signUpUser } from "../support/dashboard";
import { seedPayment } from "../support/seed";

describe("dashboard isolation: a user reaches only their merchant's data", () => {
  it("another merchant's payment id is a 404, like an id that does not exist", async () => {
    const alice = await signUpUser({ businessName: "Alice's" });
    const bob = await signUpUser({ businessName: "Bob's" });
    const bobsPayment = await seedPayment(bob.merchantId, { referenceId: "bob-secret-order" });
    const alicesPayment = await seedPayment(alice.merchantId, { referenceId: "alice-order" });

    const own = await dash(`/dashboard/payments/${alicesPayment}`, { headers: { cookie: alice.cookie } });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("alice-order");

    const guessed = await dash(`/dashboard/payments/${bobsPayment}`, { headers: { cookie: alice.cookie } });
    expect(guessed.status).toBe(404);
    expect(await guessed.text()).not.toContain("bob-secret-order");
    const missing = await dash("/dashboard/payments/pay_0000000000000000000000", { headers: { cookie: alice.cookie } });
    expect(missing.status).toBe(404);

    // Nor by searching, listing or exporting.
    const search = await dash(`/dashboard/payments?q=${bobsPayment}`, { headers: { cookie: alice.cookie } });
    const searched = await search.text();
    expect(searched).toContain("No payments match these filters.");
    expect(searched).not.toContain("data-payment-id=");
    const csv = await (await dash("/dashboard/api/payments/export", { headers: { cookie: alice.cookie } })).text();
    expect(csv).toContain(alicesPayment);
    expect(csv).not.toContain(bobsPayment);
  });

  it("another merchant's key id is a 404 on revoke, and that key keeps working", async () => {
    const alice = await signUpUser();
    const bob = await signUpUser();
    const bobsKey = await createKey(bob, "bob's server");
    const res = await dash(`/dashboard/api/keys/${bobsKey.id}`, { method: "DELETE", user: alice });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("api_key_not_found");
    expect(
      (await dash("/dashboard/api/keys/key_0000000000000000000000", { method: "DELETE", user: alice })).status,
    ).toBe(404);
    expect((await dash("/dashboard/api/keys/not-an-id", { method: "DELETE", user: alice })).status).toBe(404);

    const stillWorks = await createPaymentRequest(
      { merchantId: bob.merchantId, apiKey: bobsKey.secret, keyId: bobsKey.id },
      usd("100"),
    );
    expect(stillWorks.status).toBe(201);
    // And Alice's keys page does not list it.
    expect(await (await dash("/dashboard/keys", { headers: { cookie: alice.cookie } })).text()).not.toContain(
      bobsKey.id,
    );
  });
});
