import type { Db } from "@/db/client";
import { adapterFor } from "@/lib/chains/adapters";
import { isNativeAsset, namespaceOf, type AccountId } from "@/lib/chains/caip";
import type { TransferMethod } from "@/lib/chains/chain-adapter";
import { loadNetworks } from "@/lib/chains/load-networks";
import type { NetworkConfig, TokenConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import { withinSponsoredBudget } from "@/lib/fees/sponsored-budget";
import { loadSettlementOverrides } from "@/lib/merchants/load-settlement-overrides";
import type { PriceSource } from "@/lib/money/price-source";
import { quoteInToken } from "@/lib/money/token-amount";
import { livePriceSource } from "@/lib/prices/live-price-source";
import { currentPrices } from "@/lib/prices/price-cache";
import { buildAtOptions } from "./build-at-options";
import { claimOptionRows, type Offer, type OptionRow } from "./claim-option-rows";
import type { RequestKindOfQuote } from "./plan-option-rows";
import type { GatewayPayment } from "./load-gateway-payment";
import { offeredBuildOf } from "./option-builds";
import { intentOfOption } from "@/lib/payments/option-intent";
import { optionRate } from "./option-rate";
import { toWireAction } from "./wire-actions";
import { SERVICE_BUILT } from "@/lib/chains/transfer-methods";

/**
 * One option per (buyer account, accepted token) on networks where the merchant has a receiving
 * address. Each locks a quote (token amount) until its own expiresAt and is stored, so confirm
 * acts only on what was offered here. Asking again while a quote holds returns the same option
 * (id, amount, actions); `client` (its network) holds at most MAX_OPTIONS_PER_CLIENT live ones.
 */
export async function buildOptions(
  db: Db,
  {
    payment: p,
    accounts,
    client,
    now = new Date(),
  }: { payment: GatewayPayment; accounts: AccountId[]; client: string; now?: Date },
) {
  const { rows } = await quoteAndBuild(db, { payment: p, accounts, client, now });
  const options = [];
  for (const row of rows) {
    // Its network could not build the transaction just now: not offered this time (the row stays for the next call).
    if (SERVICE_BUILT.has(row.method) && !row.offeredMessage) continue;
    const intent = intentOfOption(row);
    const namespace = namespaceOf(row.chainId);
    const actions = await adapterFor(namespace)!.actionsFor(intent, offeredBuildOf(row));
    const rate = optionRate(row, p.payment.fiatCurrency);
    options.push({
      id: row.id,
      account: row.account,
      amount: tokenAmountView(intent.amount, intent.token, intent.network),
      etaS: namespace === "solana" ? 2 : 5 * Math.max(1, intent.network.confirmations),
      actions: actions.map(toWireAction),
      expiresAt: Math.floor(row.expiresAt.getTime() / 1000),
      ...(rate ? { rate } : {}),
    });
  }
  return options;
}

/**
 * The stored quote rows for the accounts (claimOptionRows: reused while they hold, else new, within the
 * client's share), each Solana one with its transaction built and stored (buildAtOptions), and whether
 * the merchant's fee budget lets the service pay fees today. `kind` and `asset` serve a Solana Pay
 * transaction request (one account, one asset); options ask for every accepted token.
 */
export async function quoteAndBuild(
  db: Db,
  {
    payment: p,
    accounts,
    client,
    now,
    kind = null,
    asset,
  }: {
    payment: GatewayPayment;
    accounts: AccountId[];
    client: string;
    now: Date;
    kind?: RequestKindOfQuote;
    asset?: string;
  },
): Promise<{ rows: OptionRow[]; sponsored: boolean }> {
  const quoteExpiresAt = new Date(
    Math.min(p.payment.expiresAt.getTime(), now.getTime() + env().QUOTE_TTL_SECONDS * 1000),
  );
  const [snapshot, sponsored, destinations] = await Promise.all([
    // The feeds' prices: at most one read per PRICE_REFRESH_MS for all payments, before any transaction opens.
    currentPrices(now.getTime()),
    // Past the merchant's daily fee budget, only what the buyer pays for is offered.
    withinSponsoredBudget(db, { id: p.payment.merchantId, currency: p.merchantCurrency }),
    loadSettlementOverrides(db, p.payment.merchantId),
  ]);
  const prices = livePriceSource(snapshot, now.getTime());
  const offers = offersFor({ payment: p, accounts, sponsored, destinations, prices }).filter(
    (offer) => asset === undefined || offer.token.caip19 === asset,
  );
  const claimed = await claimOptionRows(db, {
    payment: p.payment,
    offers,
    quoteExpiresAt,
    now,
    client,
    kind,
  });
  // Chain work (an EIP-3009 token's domain, new Solana transactions) only now, with the rows committed
  // and no transaction open. Actions are built from the stored row alone (a Solana option's
  // transaction is stored with it), so a reused option gets exactly the actions it had.
  return { rows: await buildAtOptions(db, claimed), sponsored };
}

/**
 * What would be offered now, one per distinct (account, token); nothing stored, no chain call.
 * Each token pays the merchant's settlement destination for that token's CAIP-19 when one is set
 * (Platform API), else its receiving address for the namespace; a token with neither is not offered.
 */
export function offersFor({
  payment: p,
  accounts,
  sponsored,
  destinations,
  prices,
}: {
  payment: GatewayPayment;
  accounts: AccountId[];
  sponsored: boolean;
  destinations: ReadonlyMap<string, string>;
  prices: PriceSource;
}): Offer[] {
  const networks = loadNetworks();
  const offers = new Map<string, Offer>();
  for (const account of accounts) {
    const network = networks.find((n) => n.chainId === account.chain.id);
    const receivingAddress =
      account.chain.namespace === "eip155"
        ? p.evmAddress
        : account.chain.namespace === "solana"
          ? p.solanaAddress
          : null;
    if (!network || !adapterFor(account.chain.namespace)) continue;
    for (const token of network.tokens) {
      const recipient = destinations.get(token.caip19) ?? receivingAddress;
      if (!recipient) continue;
      // The merchant's accepted tokens (dashboard settings); null accepts every configured token.
      if (p.acceptedTokens && !p.acceptedTokens.includes(token.caip19)) continue;
      const quote = quoteInToken({
        fiatMinor: p.payment.fiatAmount,
        fiatCurrency: p.payment.fiatCurrency,
        token,
        prices,
      });
      if (!quote) continue;
      const method = methodFor(account.chain.namespace, token, sponsored);
      if (!method) continue;
      offers.set(`${account.id} ${token.caip19}`, {
        account,
        network,
        token,
        method,
        recipient,
        amount: quote.amount,
        price: quote.price,
      });
    }
  }
  return [...offers.values()];
}

/**
 * How a buyer pays with `token`: gasless where the service may pay (`sponsored`), else a transfer the
 * buyer's wallet sends and pays for (an EIP-3009 token is an ERC-20 too; the native coin is the
 * transaction's value); none on Solana, where every transfer the service builds has its fee payer.
 */
function methodFor(namespace: string, token: TokenConfig, sponsored: boolean): TransferMethod | undefined {
  const native = isNativeAsset(token.caip19);
  if (namespace === "solana") return sponsored ? (native ? "sol_transfer" : "spl_transfer") : undefined;
  if (native) return "native_transfer";
  return token.eip3009 && sponsored ? "eip3009" : "erc20_transfer";
}

export function tokenAmountView(amount: bigint, token: TokenConfig, network: NetworkConfig) {
  return {
    unit: `caip19/${token.caip19}`,
    value: amount.toString(),
    display: {
      assetSymbol: token.symbol,
      assetName: token.name,
      decimals: token.decimals,
      ...(token.iconUrl ? { iconUrl: absoluteUrl(token.iconUrl) } : {}),
      networkName: network.name,
      ...(network.iconUrl ? { networkIconUrl: absoluteUrl(network.iconUrl) } : {}),
    },
  };
}

/**
 * Wallets render these icons in their own app, with no page to resolve a path against, so an icon
 * configured as a path on this service (`/icons/usdc.svg`) goes out as a full URL on PUBLIC_BASE_URL.
 */
function absoluteUrl(iconUrl: string): string {
  return new URL(iconUrl, env().PUBLIC_BASE_URL).toString();
}
