import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "@/db/schema";
import { createKey, dash, signUpUser, type DashboardUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { parseCsv } from "../support/parse-csv";
import { seedPayment } from "../support/seed";

// The audit log: each sensitive action a member takes in the dashboard is recorded with who, when and
// from where, read back newest first through the audit route, filtered by action, and exported as CSV.
// Another merchant never sees it.

type AuditItem = {
  id: string;
  createdAt: string;
  actor: { userId: string; email: string };
  action: string;
  target: { kind: string; id: string } | null;
  details: Record<string, unknown>;
  ip: string | null;
};

async function audit(user: DashboardUser, query = ""): Promise<{ data: AuditItem[]; next: string | null }> {
  const res = await dash(`/dashboard/api/audit${query}`, { user });
  expect(res.status).toBe(200);
  return res.json();
}

/** A payment paid late, as the ledger leaves one (gateway-exceptions.test.ts makes one on the devnet). */
async function latePayment(merchantId: string): Promise<string> {
  const id = await seedPayment(merchantId, { expiresAt: new Date(Date.now() - 60_000) });
  const db = testDb().db;
  await db.update(payments).set({ status: "expired", finalizedAt: new Date() }).where(eq(payments.id, id));
  await db
    .update(payments)
    .set({
      exception: "paid_late",
      receivedAmount: "1000000",
      tokenAmount: "1000000",
      chainId: "eip155:31337",
      tokenCaip19: "eip155:31337/erc20:0x0000000000000000000000000000000000000002",
      tokenSymbol: "USDT",
      tokenDecimals: 6,
      buyerAccount: "eip155:31337:0x00000000000000000000000000000000000000b1",
      txHash: `0x${id.slice(4).padEnd(64, "0").toLowerCase()}`,
    })
    .where(eq(payments.id, id));
  return id;
}

describe("audit log", () => {
  it("records key creation and revocation, an address change, mark as paid and mark refunded, with who and when", async () => {
    const user = await signUpUser();
    const started = Date.now();
    const key = await createKey(user, "audited key");
    expect((await dash(`/dashboard/api/keys/${key.id}`, { method: "DELETE", user })).status).toBe(200);

    const saved = await dash("/dashboard/api/settings", {
      method: "PUT",
      user,
      headers: { "x-forwarded-for": "198.51.100.77" },
      json: {
        name: "Dash Shop",
        iconUrl: null,
        evmAddress: "0x00000000000000000000000000000000000000a1",
        solanaAddress: null,
        acceptedTokens: null,
        defaultExpirySeconds: null,
        currency: "USD",
      },
    });
    expect(saved.status).toBe(200);

    const paymentId = await latePayment(user.merchantId);
    expect((await dash(`/dashboard/api/payments/${paymentId}/mark-paid`, { method: "POST", user })).status).toBe(200);
    expect((await dash(`/dashboard/api/payments/${paymentId}/mark-refunded`, { method: "POST", user })).status).toBe(
      200,
    );

    const { data } = await audit(user);
    expect(data.map((e) => e.action)).toEqual([
      "payment.marked_refunded",
      "payment.marked_paid",
      "settings.updated",
      "api_key.revoked",
      "api_key.created",
    ]);
    for (const e of data) {
      expect(e.actor.email).toBe(user.email);
      expect(e.actor.userId).toMatch(/^usr_/);
      expect(Date.parse(e.createdAt)).toBeGreaterThanOrEqual(started - 5_000);
      expect(Date.parse(e.createdAt)).toBeLessThanOrEqual(Date.now() + 5_000);
    }
    const [refunded, markedPaid, address, revoked, created] = data;
    expect(refunded!.target).toEqual({ kind: "payment", id: paymentId });
    expect(markedPaid).toMatchObject({
      target: { kind: "payment", id: paymentId },
      details: { exception: "paid_late" },
    });
    expect(address).toMatchObject({ ip: "198.51.100.77", details: { evmAddress: { from: null } } });
    expect(String((address!.details.evmAddress as { to: string }).to).toLowerCase()).toBe(
      "0x00000000000000000000000000000000000000a1",
    );
    expect(revoked!.target).toEqual({ kind: "api_key", id: key.id });
    expect(created).toMatchObject({ target: { kind: "api_key", id: key.id }, details: { name: "audited key" } });
    // The secret is shown once and never kept, not even here.
    expect(JSON.stringify(data)).not.toContain(key.secret);

    // Filtered by action; the CSV holds the same rows.
    expect((await audit(user, "?action=api_key.revoked")).data.map((e) => e.id)).toEqual([revoked!.id]);
    const csv = await dash("/dashboard/api/audit/export", { user });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual(expect.arrayContaining(["created_at", "actor_email", "action", "target_id"]));
    const actionAt = rows[0]!.indexOf("action");
    expect(rows.slice(1).map((r) => r[actionAt])).toEqual(data.map((e) => e.action));

    // The page shows it to the member; another merchant sees none of it.
    const page = await dash("/dashboard/audit", { headers: { cookie: user.cookie } });
    expect(await page.text()).toContain("api_key.revoked");
    const stranger = await signUpUser();
    expect((await audit(stranger)).data).toEqual([]);
  });

  it("pages newest first without repeating a row", async () => {
    const user = await signUpUser();
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push(await createKey(user, `key ${i}`));
    const all = (await audit(user)).data;
    expect(all).toHaveLength(3);
    const res = await dash(`/dashboard/api/audit?before=${all[0]!.id}`, {
      user,
    });
    expect((await res.json()).data.map((e: AuditItem) => e.id)).toEqual([all[1]!.id, all[2]!.id]);
    expect((await dash("/dashboard/api/audit?action=nonsense", { user })).status).toBe(400);
  });
});
