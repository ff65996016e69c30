import type { LinkAmountTerms } from "./link-amount";
import type { PaymentLinkRow } from "./payment-link-view";

/** A stored link's amount terms (the table's check makes them one kind or the other). */
export function termsOf(link: Pick<PaymentLinkRow, "amount" | "minimumAmount" | "maximumAmount">): LinkAmountTerms {
  if (link.amount !== null) return { amount: link.amount, minimumAmount: null, maximumAmount: null };
  return { amount: null, minimumAmount: link.minimumAmount!, maximumAmount: link.maximumAmount! };
}
