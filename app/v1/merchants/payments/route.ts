import { serveMerchantPayments } from "@/lib/listings/serve-merchant-payments";

/** List payments with partner headers (spec 4.4): the contract's MerchantPaymentsResponse. */
export const GET = serveMerchantPayments({ partner: false });
