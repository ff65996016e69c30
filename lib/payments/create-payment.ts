import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { idempotencyKeys, payments } from "@/db/schema";
import type { AuthenticatedMerchant } from "@/lib/auth/authenticate-merchant";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { hashRequest as hashBody } from "@/lib/http/request-hash";
import { newId } from "@/lib/ids";
import { currencyFromUnit } from "@/lib/money/iso4217";
import { resolveRedirects } from "./redirect-urls";
import { MAX_EXPIRY_SECONDS, type CreatePaymentBody } from "./schemas";

type PaymentRow = typeof payments.$inferSelect;
export type CreatePaymentResult = { payment: PaymentRow; replayed: boolean };
/** What creating a payment needs of its merchant (an API key's, or a payment link's). */
export type PayingMerchant = Pick<AuthenticatedMerchant, "id" | "defaultExpirySeconds">;
/** Where a payment came from: the payment link a buyer paid through, or the API key that made it. */
export type PaymentOrigin = { paymentLinkId?: string; createdByKeyId?: string };

/**
 * Create a pending payment. With an Idempotency-Key, the same key and body return the payment the
 * first request made (even when 50 arrive at once: the key row is inserted first, and concurrent
 * inserts of the same key wait on it); the same key with another body is `idempotency_conflict`.
 * `origin` records a payment link's payments as its own.
 */
export async function createPayment(
  db: Db,
  {
    merchant,
    body,
    idempotencyKey,
    origin = {},
  }: { merchant: PayingMerchant; body: CreatePaymentBody; idempotencyKey?: string; origin?: PaymentOrigin },
): Promise<CreatePaymentResult> {
  const now = new Date();
  const expiresAt = resolveExpiry(body.expiresAt ?? undefined, merchant, now);
  if (!idempotencyKey)
    return { payment: await insertPayment(db, { merchant, body, expiresAt, origin }), replayed: false };

  const requestHash = hashBody(body);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ merchantId: merchant.id, key: idempotencyKey, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0)
      return {
        payment: await replay(tx, { merchantId: merchant.id, key: idempotencyKey, requestHash }),
        replayed: true,
      };

    const payment = await insertPayment(tx, { merchant, body, expiresAt, origin });
    await tx
      .update(idempotencyKeys)
      .set({ paymentId: payment.id })
      .where(and(eq(idempotencyKeys.merchantId, merchant.id), eq(idempotencyKeys.key, idempotencyKey)));
    return { payment, replayed: false };
  });
}

async function insertPayment(
  db: DbOrTx,
  {
    merchant,
    body,
    expiresAt,
    origin,
  }: { merchant: PayingMerchant; body: CreatePaymentBody; expiresAt: Date; origin: PaymentOrigin },
) {
  const [row] = await db
    .insert(payments)
    .values({
      id: newId("pay"),
      merchantId: merchant.id,
      referenceId: body.referenceId,
      fiatCurrency: currencyFromUnit(body.amount.unit)!,
      fiatAmount: BigInt(body.amount.value),
      expiresAt,
      ...resolveRedirects(body.checkout),
      paymentLinkId: origin.paymentLinkId ?? null,
      createdByKeyId: origin.createdByKeyId ?? null,
    })
    .returning();
  return row!;
}

async function replay(
  db: DbOrTx,
  { merchantId, key, requestHash }: { merchantId: string; key: string; requestHash: string },
): Promise<PaymentRow> {
  const [record] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.merchantId, merchantId), eq(idempotencyKeys.key, key)));
  if (!record || record.requestHash !== requestHash) {
    throw new ApiError("idempotency_conflict", "This Idempotency-Key was already used with a different request body");
  }
  const [payment] = await db.select().from(payments).where(eq(payments.id, record.paymentId!));
  if (!payment) throw new ApiError("internal_error", "Idempotency record without its payment");
  return payment;
}

function resolveExpiry(requested: number | undefined, merchant: PayingMerchant, now: Date): Date {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (requested === undefined) {
    return new Date((nowSeconds + (merchant.defaultExpirySeconds ?? env().PAYMENT_EXPIRY_SECONDS)) * 1000);
  }
  if (requested <= nowSeconds) throw expiryIssue("must be in the future (unix seconds)");
  if (requested > nowSeconds + MAX_EXPIRY_SECONDS) throw expiryIssue("must be at most 30 days from now");
  return new Date(requested * 1000);
}

function expiryIssue(message: string): ApiError {
  return new ApiError("params_validation", `Request body is invalid (expiresAt: ${message})`, {
    issues: [{ field: "expiresAt", message }],
  });
}
