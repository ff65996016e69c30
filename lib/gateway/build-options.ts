import { createHash } from "node:crypto";
import type { Db } from "@/db/client";
import { paymentOptions } from "@/db/schema";
import { adapterFor } from "@/lib/chains/adapters";
import type { AccountId } from "@/lib/chains/caip";
import type { TransferIntent, TransferMethod } from "@/lib/chains/chain-adapter";
import { loadNetworks } from "@/lib/chains/load-networks";
import type { NetworkConfig, TokenConfig } from "@/lib/chains/network-config";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import { fiatToTokenAmount } from "@/lib/money/token-amount";
import type { GatewayPayment } from "./load-gateway-payment";
import { toWireAction } from "./wire-actions";

/**
 * One option per (buyer account, accepted token) on networks where the merchant has a receiving
 * address. Each locks a quote (token amount) until its own expiresAt and is stored, so confirm
 * acts only on what was offered here.
 */
export async function buildOptions(db: Db, p: GatewayPayment, accounts: AccountId[], now = new Date()) {
  const networks = loadNetworks();
  const quoteExpiresAt = new Date(Math.min(p.payment.expiresAt.getTime(), now.getTime() + env().QUOTE_TTL_SECONDS * 1000));
  const offers = [];
  for (const account of accounts) {
    const network = networks.find((n) => n.chainId === account.chain.id);
    const recipient = account.chain.namespace === "eip155" ? p.evmAddress : account.chain.namespace === "solana" ? p.solanaAddress : null;
    const adapter = adapterFor(account.chain.namespace);
    if (!network || !recipient || !adapter) continue;
    for (const token of network.tokens) {
      // The merchant's accepted tokens (dashboard settings); null accepts every configured token.
      if (p.acceptedTokens && !p.acceptedTokens.includes(token.caip19)) continue;
      const amount = fiatToTokenAmount(p.payment.fiatAmount, p.payment.fiatCurrency, token);
      if (amount === undefined) continue;
      const id = newId("opt");
      const intent: TransferIntent = {
        network,
        token,
        method: methodFor(account.chain.namespace, token),
        payer: account.address,
        recipient,
        amount,
        reference: `0x${createHash("sha256").update(`${p.payment.id}:${id}`).digest("hex")}`,
        validBefore: Math.floor(p.payment.expiresAt.getTime() / 1000),
      };
      offers.push({ id, account, intent, actions: await adapter.actionsFor(intent) });
    }
  }
  if (offers.length > 0) {
    await db.insert(paymentOptions).values(
      offers.map(({ id, account, intent }) => ({
        id,
        paymentId: p.payment.id,
        account: account.id,
        recipient: intent.recipient,
        chainId: intent.network.chainId,
        tokenCaip19: intent.token.caip19,
        method: intent.method,
        tokenAmount: intent.amount.toString(),
        reference: intent.reference,
        validBefore: intent.validBefore,
        expiresAt: quoteExpiresAt,
      })),
    );
  }
  return offers.map(({ id, account, intent, actions }) => ({
    id,
    account: account.id,
    amount: tokenAmountView(intent.amount, intent.token, intent.network),
    etaS: account.chain.namespace === "solana" ? 2 : 5 * Math.max(1, intent.network.confirmations),
    actions: actions.map(toWireAction),
    expiresAt: Math.floor(quoteExpiresAt.getTime() / 1000),
  }));
}

function methodFor(namespace: string, token: TokenConfig): TransferMethod {
  if (namespace === "solana") return "spl_transfer";
  return token.eip3009 ? "eip3009" : "erc20_transfer";
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
