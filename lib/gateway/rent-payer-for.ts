import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { payments, sponsoredRentClaims, sponsoredTokenAccounts } from "@/db/schema";
import type { ChainAdapter, TransferIntent } from "@/lib/chains/chain-adapter";

/**
 * Who funds the merchant's token account, should this payment's transaction have to create it: the
 * service for one account per merchant and token (the first it offered to fund, claimed here before
 * anything is paid), the buyer for any other. So a merchant rotating its receiving address, with or
 * without payments open at the same time, cannot draw a rent per address, and one that closes the
 * funded account (taking the rent) does not get it twice. Undefined on chains without such accounts.
 */
export async function rentPayerFor(
  db: Db,
  { adapter, intent, paymentId }: { adapter: ChainAdapter; intent: TransferIntent; paymentId: string },
): Promise<"service" | "buyer" | undefined> {
  if (!adapter.rentAccountOf) return undefined;
  const account = await adapter.rentAccountOf(intent);
  if (account === undefined) return undefined;
  const token = intent.token.caip19;
  let state = await sponsorshipOf(db, { paymentId, token, chainId: intent.network.chainId, account });
  if (state.claimed === null) {
    // First build for this merchant and token: claim the account. A concurrent claim wins or loses whole.
    await db.execute(sql`
      insert into ${sponsoredRentClaims} (merchant_id, token_caip19, account)
      select merchant_id, ${token}, ${account} from ${payments} where id = ${paymentId}
      on conflict do nothing`);
    state = await sponsorshipOf(db, { paymentId, token, chainId: intent.network.chainId, account });
  }
  return state.claimed === account && !state.funded ? "service" : "buyer";
}

/** The account claimed for the payment's merchant and token (null: none yet), and whether `account` was funded before. */
async function sponsorshipOf(
  db: Db,
  { paymentId, token, chainId, account }: { paymentId: string; token: string; chainId: string; account: string },
): Promise<{ claimed: string | null; funded: boolean }> {
  const [row] = await db.execute<{ claimed: string | null; funded: boolean }>(sql`
    select
      (select c.account from ${sponsoredRentClaims} c join ${payments} p on p.merchant_id = c.merchant_id
        where p.id = ${paymentId} and c.token_caip19 = ${token}) as claimed,
      exists (select 1 from ${sponsoredTokenAccounts} s where s.chain_id = ${chainId} and s.account = ${account}) as funded`);
  return { claimed: row?.claimed ?? null, funded: row?.funded === true };
}
