import type { PaymentLinkView } from "@/lib/payment-links/schemas";
import { formatMoney } from "./format";

/** `$12.50`, or `$5.00 to $100.00, buyer enters` for a link whose buyer picks the amount. */
export function linkAmountLabel(
  link: Pick<PaymentLinkView, "currency" | "amount" | "minimumAmount" | "maximumAmount">,
) {
  if (link.amount !== null) return formatMoney(BigInt(link.amount), link.currency);
  const min = formatMoney(BigInt(link.minimumAmount ?? "0"), link.currency);
  const max = formatMoney(BigInt(link.maximumAmount ?? "0"), link.currency);
  return `${min} to ${max}, buyer enters`;
}
