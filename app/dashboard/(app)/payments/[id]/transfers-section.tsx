import { getDb } from "@/db/client";
import { PaymentTransfers } from "@/components/dashboard/payment-transfers";
import { listTransfers } from "@/lib/ledger/list-transfers";

/** Transfers the ledger ties to one payment (bound or attached); more than a payment ever needs is a page's worth. */
export async function TransfersSection({ merchantId, paymentId }: { merchantId: string; paymentId: string }) {
  const page = await listTransfers(await getDb(), merchantId, { paymentId, limit: 100 });
  return <PaymentTransfers transfers={page.data} />;
}
