import { ApiError, type FieldIssue } from "@/lib/errors/api-error";

/** What a link charges: a fixed amount, or what the buyer enters within minimum..maximum (minor units). */
export type LinkAmountTerms =
  | { amount: bigint; minimumAmount: null; maximumAmount: null }
  | { amount: null; minimumAmount: bigint; maximumAmount: bigint };

/**
 * Problems with the amounts a merchant gives a new link: exactly one of `amount` or the pair
 * `minimumAmount`/`maximumAmount`, and a minimum no larger than the maximum. Empty when they are fine.
 */
export function linkTermsIssues(given: {
  amount?: bigint | null;
  minimumAmount?: bigint | null;
  maximumAmount?: bigint | null;
}): FieldIssue[] {
  const { amount, minimumAmount: min, maximumAmount: max } = given;
  const hasRange = min != null || max != null;
  if (amount != null && hasRange)
    return [{ field: "amount", message: "give either amount, or minimumAmount and maximumAmount, not both" }];
  if (amount != null) return [];
  if (!hasRange)
    return [{ field: "amount", message: "give amount (a fixed price) or minimumAmount and maximumAmount" }];
  if (min == null) return [{ field: "minimumAmount", message: "is required with maximumAmount" }];
  if (max == null) return [{ field: "maximumAmount", message: "is required with minimumAmount" }];
  if (min > max) return [{ field: "maximumAmount", message: "must be at least minimumAmount" }];
  return [];
}

/**
 * The amount a payment through the link is for: the link's own when fixed (the buyer gives none), or
 * the buyer's entry when it is a whole number of minor units within minimum..maximum inclusive.
 * Anything else is 400 `params_validation` on `amount`, and no payment is made.
 */
export function chargeFor(terms: LinkAmountTerms, entered: bigint | undefined): bigint {
  if (terms.amount !== null) {
    if (entered !== undefined && entered !== terms.amount) throw amountIssue("is fixed by this link; leave it out");
    return terms.amount;
  }
  if (entered === undefined) throw amountIssue("is required: this link lets the buyer enter the amount");
  if (entered < terms.minimumAmount) throw amountIssue(`must be at least ${terms.minimumAmount} (minor units)`);
  if (entered > terms.maximumAmount) throw amountIssue(`must be at most ${terms.maximumAmount} (minor units)`);
  return entered;
}

function amountIssue(message: string): ApiError {
  return new ApiError("params_validation", `Request body is invalid (amount: ${message})`, {
    issues: [{ field: "amount", message }],
  });
}
