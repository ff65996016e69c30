import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentEvents, payments, type PaymentException } from "@/db/schema";
import { api } from "../support/api";
import { createKey, dash, signUpUser, type DashboardUser } from "../support/dashboard";
import { testDb } from "../support/db";
import { parseCsv } from "../support/parse-csv";
import { seedPayment } from "../support/seed";

const CHAIN = "eip155:31337";
const USDT = `${CHAIN}/erc20:0x0000000000000000000000000000000000000002`;

/**
 * A payment as the watcher leaves one with an exception (gateway-exceptions.test.ts makes each for real
 * on the devnet; the browser test does too): a late one stays expired, a short or long one failed;
 * token, buyer, hash and what arrived are filled in. A late one expires first, as the sweep writes it.
 */
async function seedException(
  merchantId: string,
  kind: PaymentException,
  extra: Partial<typeof payments.$inferInsert> = {},
): Promise<string> {
  const asked = 4_200_000n;
  const received = kind === "underpaid" ? 4_000_000n : kind === "overpaid" ? 4_500_000n : asked;
  const id = await seedPayment(merchantId, { fiatAmount: 420n, expiresAt: new Date(Date.now() - 60_000), ...extra });
  await testDb()
    .db.update(payments)
    .set({ status: kind === "paid_late" ? "expired" : "failed", finalizedAt: new Date() })
    .where(eq(payments.id, id));
  await testDb()
    .db.update(payments)
    .set({
      exception: kind,
      receivedAmount: received.toString(),
      tokenAmount: asked.toString(),
      chainId: CHAIN,
      tokenCaip19: USDT,
      tokenSymbol: "USDT",
      tokenDecimals: 6,
      buyerAccount: `${CHAIN}:0x00000000000000000000000000000000000000b1`,
      txHash: `0x${id.slice(4).padEnd(64, "0").toLowerCase()}`,
    })
    .where(eq(payments.id, id));
  return id;
}

async function row(id: string) {
  const [found] = await testDb().db.select().from(payments).where(eq(payments.id, id));
  return found!;
}

function markPaid(
  user: Pick<DashboardUser, "cookie" | "csrfToken"> | undefined,
  id: string,
  init: Parameters<typeof dash>[1] = {},
) {
  return dash(`/dashboard/api/payments/${id}/mark-paid`, { method: "POST", user, ...init });
}

async function page(user: DashboardUser, path: string): Promise<string> {
  const res = await dash(path, { headers: { cookie: user.cookie } });
  expect(res.status).toBe(200);
  // React separates adjacent text with empty comments; the text a user reads has none.
  return (await res.text()).replaceAll("<!-- -->", "");
}

const rowsOf = (html: string) => [...html.matchAll(/data-payment-id="([^"]+)"/g)].map((m) => m[1]!);
const nextLink = (html: string) =>
  /<a [^>]*rel="next"[^>]*>/
    .exec(html)?.[0]
    .match(/href="([^"]+)"/)?.[1]
    ?.replaceAll("&amp;", "&");

describe("dashboard exceptions: badge, Needs attention filter, Mark as paid", () => {
  it("Mark as paid makes a paid-late payment succeeded, recorded with the user's email, on the page, timeline and APIs", async () => {
    const user = await signUpUser();
    const id = await seedException(user.merchantId, "paid_late", { referenceId: "late-order" });

    const before = await page(user, `/dashboard/payments/${id}`);
    expect(before).toContain("Needs attention: paid late");
    expect(before).toMatch(/data-exception="paid_late"[^>]*>.*Paid late<\/span>/);
    expect(before).toMatch(/data-testid="token-asked"[^>]*>4\.2 USDT</);
    expect(before).toMatch(/data-testid="token-received"[^>]*>4\.2 USDT</);
    expect(before).toContain(">Mark as paid</button>");

    const res = await markPaid(user, id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      paymentId: id,
      status: "succeeded",
      exception: "paid_late",
      resolvedBy: user.email,
      resolvedAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(body.resolvedAt) - Date.now())).toBeLessThan(60_000);
    expect(await row(id)).toMatchObject({
      status: "succeeded",
      exception: "paid_late",
      resolvedBy: user.email,
      resolvedAt: new Date(body.resolvedAt),
    });

    // The trigger's timeline records the change; the page says who made it.
    const events = await testDb()
      .db.select({ status: paymentEvents.status })
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, id))
      .orderBy(asc(paymentEvents.id));
    expect(events.map((e) => e.status)).toEqual(["expired", "succeeded"]);
    const after = await page(user, `/dashboard/payments/${id}`);
    expect(after).toMatch(
      new RegExp(
        `data-testid="resolution"[^>]*>Marked as paid by ${user.email.replaceAll(".", "\\.")} on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC<`,
      ),
    );
    const timeline = /data-testid="timeline"[^>]*>(.*?)<\/ol>/s.exec(after)![1]!;
    expect([...timeline.matchAll(/<strong>([^<]+)<\/strong>/g)].map((m) => m[1])).toEqual([
      "Created",
      "Expired",
      "Succeeded",
    ]);
    expect(after).not.toContain(">Mark as paid</button>");

    // The merchant's systems read it as paid too.
    const key = await createKey(user);
    const merchant = { "api-key": key.secret, "merchant-id": user.merchantId };
    expect(await (await api(`/v1/merchant/payment/${id}/status`, { headers: merchant })).json()).toMatchObject({
      status: "succeeded",
      isFinal: true,
    });
    const listed = (await (await api("/v1/merchants/payments", { headers: merchant })).json()).data.find(
      (p: { paymentId: string }) => p.paymentId === id,
    );
    expect(listed).toMatchObject({ status: "succeeded", exception: "paid_late" });

    // Once only.
    const again = await markPaid(user, id);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("invalid_state");
    expect((await row(id)).resolvedBy).toBe(user.email);
  });

  it("without the CSRF token, from another origin or signed out, nothing is marked", async () => {
    const user = await signUpUser();
    const id = await seedException(user.merchantId, "underpaid");
    const refused = [
      await markPaid(undefined, id, { headers: { cookie: user.cookie } }),
      await markPaid({ ...user, csrfToken: "wrong-token" }, id),
      await markPaid(user, id, { origin: "https://evil.example" }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("csrf_failed");
    }
    const signedOut = await markPaid(undefined, id);
    expect(signedOut.status).toBe(401);
    expect(await row(id)).toMatchObject({
      status: "failed",
      exception: "underpaid",
      resolvedBy: null,
      resolvedAt: null,
    });
  });

  it("a payment without an exception is a 409 and another merchant's a 404, changing nothing", async () => {
    const alice = await signUpUser();
    const bob = await signUpUser();
    const plain = await seedPayment(alice.merchantId);
    const res = await markPaid(alice, plain);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("invalid_state");
    expect(await row(plain)).toMatchObject({ status: "pending", resolvedBy: null });
    // No button where there is nothing to decide.
    expect(await page(alice, `/dashboard/payments/${plain}`)).not.toContain("Mark as paid");

    const bobs = await seedException(bob.merchantId, "overpaid");
    const bobsPage = await page(bob, `/dashboard/payments/${bobs}`);
    expect(bobsPage).toMatch(/data-testid="token-asked"[^>]*>4\.2 USDT</);
    expect(bobsPage).toMatch(
      /data-testid="token-received"[^>]*>4\.5 USDT<\/span><span class="dash-muted"> \(0\.3 USDT over\)/,
    );
    const other = await markPaid(alice, bobs);
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe("payment_not_found");
    expect(await row(bobs)).toMatchObject({ status: "failed", resolvedBy: null });
    expect((await markPaid(alice, "pay_0000000000000000000000")).status).toBe(404);
    expect((await markPaid(alice, "not-a-payment-id")).status).toBe(404);
  });

  it("the Needs attention filter lists only payments with an exception, with the other filters, across keyset pages and in the CSV", async () => {
    const user = await signUpUser();
    const kinds: PaymentException[] = ["paid_late", "underpaid", "overpaid"];
    const exceptions = new Map<string, PaymentException>();
    const base = Date.now() - 3600_000;
    for (let i = 0; i < 30; i++) {
      // Pairs share a creation time, so pages must break ties by id; plain payments sit between them.
      const createdAt = new Date(base + Math.floor(i / 2) * 1000);
      exceptions.set(
        await seedException(user.merchantId, kinds[i % 3]!, {
          createdAt,
          fiatAmount: BigInt(500 + i),
          referenceId: `exc-${i}`,
        }),
        kinds[i % 3]!,
      );
      await seedPayment(user.merchantId, {
        createdAt,
        fiatAmount: BigInt(500 + i),
        referenceId: `plain-${i}`,
        ...(i % 2 ? { status: "failed" as const } : {}),
      });
    }

    const walk = async (path: string) => {
      const seen: string[] = [];
      for (let next: string | undefined = path; next;) {
        const html = await page(user, next);
        const rows = rowsOf(html);
        expect(html.match(/data-exception="/g)?.length ?? 0).toBe(rows.length); // a badge on every row
        seen.push(...rows);
        next = nextLink(html);
      }
      return seen;
    };
    const all = await walk("/dashboard/payments?exception=any");
    expect(all).toHaveLength(30);
    expect(new Set(all)).toEqual(new Set(exceptions.keys()));
    const byAmount = await walk("/dashboard/payments?exception=any&sort=amount:asc");
    expect(byAmount).toEqual([...exceptions.keys()]);

    const short = await walk("/dashboard/payments?exception=underpaid");
    expect(short).toHaveLength(10);
    expect(short.every((id) => exceptions.get(id) === "underpaid")).toBe(true);
    const failed = await walk("/dashboard/payments?exception=any&status=failed");
    expect(new Set(failed)).toEqual(new Set([...exceptions].filter(([, k]) => k !== "paid_late").map(([id]) => id)));
    expect(await walk("/dashboard/payments?exception=any&q=plain-3")).toEqual([]);

    // A page link of the filtered list does not carry over to the unfiltered one (cursors are bound to filters).
    const first = await page(user, "/dashboard/payments?exception=any");
    const cursor = new URL(nextLink(first)!, "http://x").searchParams.get("cursor")!;
    expect(await page(user, `/dashboard/payments?cursor=${encodeURIComponent(cursor)}`)).toContain(
      "this page link is no longer valid",
    );

    const csv = parseCsv(
      await (
        await dash("/dashboard/api/payments/export?exception=any&status=failed&status=expired", {
          headers: { cookie: user.cookie },
        })
      ).text(),
    );
    expect(csv[0]!.at(-1)).toBe("exception");
    expect(csv.slice(1)).toHaveLength(30);
    for (const r of csv.slice(1)) expect(r.at(-1)).toBe(exceptions.get(r[0]!));
    expect(csv.slice(1).find((r) => r.at(-1) === "underpaid")).toEqual(expect.arrayContaining(["4", "USDT"])); // what arrived
    const everything = parseCsv(
      await (await dash("/dashboard/api/payments/export", { headers: { cookie: user.cookie } })).text(),
    );
    expect(everything.slice(1)).toHaveLength(60);

    expect(await page(user, "/dashboard/payments?exception=lost")).toContain(
      "exception: must be one of any, paid_late, underpaid, overpaid",
    );
    expect(
      (await dash("/dashboard/api/payments/export?exception=lost", { headers: { cookie: user.cookie } })).status,
    ).toBe(400);
  });
});
