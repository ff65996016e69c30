import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { prepared } from "@/db/prepared-per-db";
import { paymentOptions } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";

/** An option offered for this payment whose quote still holds (or, with `expiredQuote: "allow"`, any of its options). */
export async function findOptionOrThrow(
  db: DbOrTx,
  {
    paymentId,
    optionId,
    now = new Date(),
    expiredQuote = "refuse",
  }: { paymentId: string; optionId: string; now?: Date; expiredQuote?: "refuse" | "allow" },
) {
  const [found] = await optionQuery(db).execute({ optionId, paymentId });
  const option = optionOrThrow(found);
  if (expiredQuote === "refuse" && quoteExpired(option, now))
    throw new ApiError("quote_expired", "This option's quote has expired; ask for options again");
  return option;
}

/** The option the wallet named, or a 400 when it is not one of this payment's. */
export function optionOrThrow<O>(option: O | null | undefined): O {
  if (!option)
    throw new ApiError("invalid_params", "optionId is not an option of this payment", {
      issues: [{ field: "optionId", message: "unknown option" }],
    });
  return option;
}

export function quoteExpired(option: { expiresAt: Date }, now = new Date()): boolean {
  return option.expiresAt.getTime() <= now.getTime();
}

const optionQuery = prepared((db: DbOrTx) =>
  db
    .select()
    .from(paymentOptions)
    .where(
      and(
        eq(paymentOptions.id, sql.placeholder("optionId")),
        eq(paymentOptions.paymentId, sql.placeholder("paymentId")),
      ),
    )
    .prepare("payment_option"),
);
