import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { merchants, webhookEvents } from "@/db/schema";
import { api, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";
import { chainMerchant, newPayment, type ChainMerchant } from "../support/gateway";
import { sendPlainTokenTransfer } from "../support/plain-transfer";
import { paid, seedPayment } from "../support/seed";

// Money that binds to no payment: a plain USDT transfer from a devnet buyer (as an exchange or
// another wallet sends one, no reference) to a merchant's fresh address. The ledger records it as
// unmatched; the merchant lists it over the API and attaches it to a payment or dismisses it.

const BUYER = 1;
const LISTED_WITHIN_MS = 8_000;
const USDT = 1_000_000n;

type Transfer = {
  id: string;
  status: string;
  state: string;
  txHash: string;
  sender: string;
  paymentId: string | null;
  resolvedBy: string | null;
  amount: { value: string; display: { assetSymbol: string; decimals: number } | null };
};

function sendUsdt(merchant: ChainMerchant, amount: bigint) {
  return sendPlainTokenTransfer(inject("devnet"), {
    buyerIndex: BUYER,
    symbol: "USDT",
    to: merchant.evmAddress,
    amount,
  });
}

async function listed(merchant: TestMerchant, query = "status=unmatched") {
  const res = await api(`/v1/transfers?${query}`, { merchant });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: Transfer[]; nextCursor: string | null };
}

/** The merchant's unmatched transfer of `txHash`, once the ledger has found it. */
async function unmatched(merchant: TestMerchant, txHash: string): Promise<Transfer> {
  const deadline = Date.now() + LISTED_WITHIN_MS;
  for (;;) {
    const found = (await listed(merchant)).data.find((t) => t.txHash === txHash);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${txHash} not listed as unmatched within ${LISTED_WITHIN_MS} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function post(merchant: TestMerchant, path: string, body?: unknown) {
  return api(path, {
    method: "POST",
    merchant,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

const attach = (merchant: TestMerchant, transferId: string, paymentId: string) =>
  post(merchant, `/v1/transfers/${transferId}/attach`, { paymentId });
const dismiss = (merchant: TestMerchant, transferId: string) => post(merchant, `/v1/transfers/${transferId}/dismiss`);

async function payment(merchant: TestMerchant, paymentId: string) {
  const res = await api(`/v1/payments/${paymentId}`, { merchant });
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string; info: { txId: string } | null };
}

/** The payment as the merchant's listing shows it, with its exception. */
async function inListing(merchant: TestMerchant, paymentId: string) {
  const res = await api("/v1/merchants/payments", { merchant });
  const { data } = (await res.json()) as { data: { paymentId: string; status: string; exception?: string }[] };
  return data.find((p) => p.paymentId === paymentId);
}

describe("unmatched transfers", () => {
  it("a plain transfer shows as unmatched within seconds; attached to a payment, the payment reads succeeded", async () => {
    const merchant = await chainMerchant({ evm: true });
    const { paymentId } = await newPayment(merchant, "500");
    const sentAt = Date.now();
    const txHash = await sendUsdt(merchant, 5n * USDT);
    const transfer = await unmatched(merchant, txHash);
    console.log(`plain transfer listed as unmatched ${Date.now() - sentAt} ms after it was mined`);
    expect(transfer).toMatchObject({
      status: "unmatched",
      paymentId: null,
      amount: { value: "5000000", display: { assetSymbol: "USDT", decimals: 6 } },
    });
    expect(transfer.sender.toLowerCase()).toBe(inject("devnet").evm.buyers[BUYER]!.address.toLowerCase());
    expect(["counted", "final"]).toContain(transfer.state);
    // Nothing binds it on its own.
    expect((await payment(merchant, paymentId)).status).toBe("requires_action");

    const res = await attach(merchant, transfer.id, paymentId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      transfer: { id: transfer.id, status: "attached", paymentId, resolvedBy: `api:${merchant.keyId}` },
      payment: { paymentId, status: "succeeded", exception: null },
    });
    expect(await payment(merchant, paymentId)).toMatchObject({ status: "succeeded", info: { txId: txHash } });
    expect((await listed(merchant)).data.map((t) => t.id)).not.toContain(transfer.id);
    expect((await listed(merchant, "status=attached")).data).toEqual([
      expect.objectContaining({ id: transfer.id, paymentId }),
    ]);
    const events = await testDb()
      .db.select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(eq(webhookEvents.paymentId, paymentId));
    expect(events.map((e) => e.type)).toContain("payment.succeeded");

    // Attached once: a second attach, to this payment or another, changes nothing.
    const other = await newPayment(merchant, "500");
    const again = await attach(merchant, transfer.id, other.paymentId);
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("invalid_state");
    expect((await payment(merchant, other.paymentId)).status).toBe("requires_action");
  });

  it("less than the price: the payment fails underpaid; more: it succeeds overpaid; a paid payment records a duplicate", async () => {
    const merchant = await chainMerchant({ evm: true });
    const short = await newPayment(merchant, "500");
    const shortTransfer = await unmatched(merchant, await sendUsdt(merchant, 3n * USDT));
    const res = await attach(merchant, shortTransfer.id, short.paymentId);
    expect(res.status).toBe(200);
    expect((await res.json()).payment).toMatchObject({ status: "failed", exception: "underpaid" });
    expect((await payment(merchant, short.paymentId)).status).toBe("failed");
    expect(await inListing(merchant, short.paymentId)).toMatchObject({ status: "failed", exception: "underpaid" });

    const over = await newPayment(merchant, "200");
    const overTransfer = await unmatched(merchant, await sendUsdt(merchant, (5n * USDT) / 2n));
    const paid = await attach(merchant, overTransfer.id, over.paymentId);
    expect(paid.status).toBe(200);
    expect((await paid.json()).payment).toMatchObject({ status: "succeeded", exception: "overpaid" });
    expect(await inListing(merchant, over.paymentId)).toMatchObject({ status: "succeeded", exception: "overpaid" });

    const extra = await unmatched(merchant, await sendUsdt(merchant, USDT));
    const duplicate = await attach(merchant, extra.id, over.paymentId);
    expect(duplicate.status).toBe(200);
    expect((await duplicate.json()).payment).toMatchObject({ status: "succeeded", exception: "duplicate" });
    // The payment still names the transfer that paid it.
    expect((await payment(merchant, over.paymentId)).info?.txId).toBe(overTransfer.txHash);

    // Keyset pages of the attached ones, newest first.
    const first = await listed(merchant, "status=attached&limit=2");
    expect(first.data.map((t) => t.id)).toEqual([extra.id, overTransfer.id]);
    const rest = await listed(merchant, `status=attached&limit=2&cursor=${first.nextCursor}`);
    expect(rest).toEqual({ data: [expect.objectContaining({ id: shortTransfer.id })], nextCursor: null });
  });

  it("another merchant cannot list, attach or dismiss a merchant's transfer, nor attach to its payments (404 as for unknown ids)", async () => {
    const owner = await chainMerchant({ evm: true });
    const stranger = await chainMerchant({ evm: true });
    const ownPayment = await newPayment(owner, "100");
    const strangerPayment = await newPayment(stranger, "100");
    const transfer = await unmatched(owner, await sendUsdt(owner, USDT));

    expect((await listed(stranger)).data).toEqual([]);
    expect((await listed(stranger, "")).data).toEqual([]);
    const unknown = `trf_${"0".repeat(22)}`;
    const stolen = await attach(stranger, transfer.id, strangerPayment.paymentId);
    const missing = await attach(stranger, unknown, strangerPayment.paymentId);
    expect([stolen.status, missing.status]).toEqual([404, 404]);
    expect(await stolen.json()).toEqual(await missing.json());
    const dismissed = await dismiss(stranger, transfer.id);
    expect(dismissed.status).toBe(404);
    expect(await dismissed.json()).toEqual(await (await dismiss(stranger, unknown)).json());
    // Its own transfer to the stranger's payment: that payment is not its to pay.
    const across = await attach(owner, transfer.id, strangerPayment.paymentId);
    expect(across.status).toBe(404);
    expect((await across.json()).code).toBe("payment_not_found");
    // A stranger's cursor names nothing of its own.
    expect((await api(`/v1/transfers?cursor=${transfer.id}`, { merchant: stranger })).status).toBe(400);

    expect((await payment(stranger, strangerPayment.paymentId)).status).toBe("requires_action");
    expect((await unmatched(owner, transfer.txHash)).status).toBe("unmatched");
    expect((await payment(owner, ownPayment.paymentId)).status).toBe("requires_action");
  });

  it("a payment that is processing or cannot be paid in the asset is refused (409) and the transfer stays unmatched; dismissed, it leaves the list", async () => {
    const merchant = await chainMerchant({ evm: true });
    const transfer = await unmatched(merchant, await sendUsdt(merchant, USDT));
    const processing = await seedPayment(merchant.merchantId, { status: "processing", fiatAmount: 100n });
    const refused = await attach(merchant, transfer.id, processing);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "invalid_state", message: expect.stringMatching(/processing/) });

    // The merchant accepts only USDC, and nobody was quoted USDT for this payment.
    const usdc = inject("devnet").evm.tokens.find((t) => t.symbol === "USDC")!.address;
    await testDb()
      .db.update(merchants)
      .set({ acceptedTokens: [`${inject("devnet").evm.chainId}/erc20:${usdc}`] })
      .where(eq(merchants.id, merchant.merchantId));
    const usdcOnly = await newPayment(merchant, "100");
    const notPayable = await attach(merchant, transfer.id, usdcOnly.paymentId);
    expect(notPayable.status).toBe(409);
    expect((await notPayable.json()).message).toMatch(/cannot be paid in USDT/);
    expect((await unmatched(merchant, transfer.txHash)).status).toBe("unmatched");
    await testDb().db.update(merchants).set({ acceptedTokens: null }).where(eq(merchants.id, merchant.merchantId));

    const res = await dismiss(merchant, transfer.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: transfer.id,
      status: "dismissed",
      resolvedBy: `api:${merchant.keyId}`,
    });
    expect((await listed(merchant)).data).toEqual([]);
    expect((await listed(merchant, "status=dismissed")).data.map((t) => t.id)).toEqual([transfer.id]);
    expect((await dismiss(merchant, transfer.id)).status).toBe(409);
    const late = await newPayment(merchant, "100");
    expect((await attach(merchant, transfer.id, late.paymentId)).status).toBe(409);
    expect((await payment(merchant, late.paymentId)).status).toBe("requires_action");
  });

  it("two attaches and a dismiss at once: exactly one wins", async () => {
    const merchant = await chainMerchant({ evm: true });
    const open = await newPayment(merchant, "100");
    // Already paid: attaching to it records a duplicate and writes no transaction hash of its own.
    const paidAlready = await seedPayment(merchant.merchantId, paid(inject("devnet").evm.buyers[0]!.address));
    const transfer = await unmatched(merchant, await sendUsdt(merchant, USDT));
    const answers = await Promise.all([
      attach(merchant, transfer.id, open.paymentId),
      attach(merchant, transfer.id, paidAlready),
      dismiss(merchant, transfer.id),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.findIndex((r) => r.status === 200);
    const [after] = (await listed(merchant, "")).data;
    const openStatus = (await payment(merchant, open.paymentId)).status;
    const duplicate = (await inListing(merchant, paidAlready))?.exception;
    if (winner === 0)
      expect([after!.paymentId, openStatus, duplicate]).toEqual([open.paymentId, "succeeded", undefined]);
    if (winner === 1)
      expect([after!.paymentId, openStatus, duplicate]).toEqual([paidAlready, "requires_action", "duplicate"]);
    if (winner === 2)
      expect([after!.status, openStatus, duplicate]).toEqual(["dismissed", "requires_action", undefined]);
  });

  it("bad input is a 400 and changes nothing", async () => {
    const merchant = await chainMerchant({ evm: true });
    const { paymentId } = await newPayment(merchant, "100");
    const unknown = `trf_${"1".repeat(22)}`;
    for (const query of ["status=bogus", "limit=0", "limit=101", "limit=x", "cursor=nope"])
      expect((await api(`/v1/transfers?${query}`, { merchant })).status, query).toBe(400);
    expect((await attach(merchant, "trf_short", paymentId)).status).toBe(400);
    expect((await dismiss(merchant, "nope")).status).toBe(400);
    for (const body of [{}, { paymentId: "pay_nope" }, { paymentId: 42 }, "[]", "not json"]) {
      const res = await post(merchant, `/v1/transfers/${unknown}/attach`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(["params_validation", "invalid_params"]).toContain((await res.json()).code);
    }
    expect((await attach(merchant, unknown, paymentId)).status).toBe(404);
    expect((await api(`/v1/transfers`, { headers: { "api-key": merchant.apiKey } })).status).toBe(400);
    expect((await api(`/v1/transfers`)).status).toBe(401);
    expect((await payment(merchant, paymentId)).status).toBe("requires_action");
  });
});
