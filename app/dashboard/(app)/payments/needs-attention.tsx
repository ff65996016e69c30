import { getDb } from "@/db/client";
import { UnmatchedTransfers } from "@/components/dashboard/unmatched-transfers";
import { listTransfers } from "@/lib/ledger/list-transfers";

/** How many unmatched transfers the payments page shows at most (the API pages through the rest). */
const SHOWN = 50;

/** The merchant's unmatched transfers beside the payments' own exceptions; nothing when there are none. */
export async function NeedsAttention({ merchantId, csrfToken }: { merchantId: string; csrfToken: string }) {
  const page = await listTransfers(await getDb(), merchantId, { status: "unmatched", limit: SHOWN });
  if (page.data.length === 0) return null;
  return <UnmatchedTransfers transfers={page.data} more={page.nextCursor !== null} csrfToken={csrfToken} />;
}
