import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import type { AuthenticatedMerchant } from "@/lib/auth/authenticate-merchant";
import { getPaymentRequests } from "@/lib/gateway/requests/get-payment-requests";
import { toContractCreateView } from "@/lib/payments/contract-views";
import { createPayment } from "@/lib/payments/create-payment";

/**
 * Charge at the counter: a payment in the merchant's currency made by the point of sale's own key
 * (so its sales are its own), and at once the payment requests its screen shows as QR codes. One
 * call per sale, authenticated by the key: no per-address limit applies, so a busy counter never
 * meets one. `idempotencyKey` lets a till on a flaky connection press "Charge" again safely.
 */
export async function createPosCharge(
  db: Db,
  {
    merchant,
    amountMinor,
    idempotencyKey,
  }: { merchant: AuthenticatedMerchant; amountMinor: string; idempotencyKey: string | undefined },
) {
  const body = {
    amount: { unit: `iso4217/${merchant.currency}`, value: amountMinor },
    referenceId: posReference(idempotencyKey),
  };
  const { payment, replayed } = await createPayment(db, {
    merchant,
    body,
    idempotencyKey,
    origin: { createdByKeyId: merchant.keyId },
  });
  const requests = await openRequests(db, payment.id, replayed);
  return {
    replayed,
    charge: {
      payment: {
        ...toContractCreateView(payment),
        amount: { value: payment.fiatAmount.toString(), currency: payment.fiatCurrency },
        referenceId: payment.referenceId,
      },
      merchantName: merchant.name,
      requests,
    },
  };
}

/**
 * The merchant's own reference of a counter sale, shown on the dashboard and the receipt. It comes
 * from the idempotency key where there is one, so a retried charge is the same request (same body)
 * and replays the first payment instead of conflicting with it.
 */
function posReference(idempotencyKey: string | undefined): string {
  return `POS ${idempotencyKey ?? randomUUID()}`.slice(0, 255);
}

/** A replayed charge may be paid or over by now: it has no requests left to show, which is no error. */
async function openRequests(db: Db, paymentId: string, replayed: boolean) {
  try {
    return (await getPaymentRequests(db, paymentId)).requests;
  } catch (err) {
    if (replayed && err instanceof ApiError && ["invalid_state", "payment_expired"].includes(err.code)) return [];
    throw err;
  }
}
