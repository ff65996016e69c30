import { isNativeAsset } from "@/lib/chains/caip";
import { encodeBase58 } from "@/lib/chains/solana/base58";

/** What a Solana Pay transfer request names: who is paid, in what, how much, and the key that binds it. */
export type SolanaPayTerms = {
  recipient: string;
  /** CAIP-19: `…/slip44:501` for SOL, `…/token:<mint>` for an SPL token. */
  asset: string;
  amount: bigint;
  decimals: number;
  /** The option's 32 reference bytes, 0x-hex: the wallet adds them as a read-only key of its transfer. */
  reference: string;
  label: string;
  message: string;
  memo: string;
};

/** Base units as the decimal Solana Pay's `amount` wants: no exponent, a leading zero below 1, no trailing zeros. */
export function decimalAmount(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * A Solana Pay transfer request: `solana:<recipient>?amount=…&spl-token=<mint>&reference=<key>&label=…&message=…&memo=…`
 * (no spl-token for SOL). The wallet builds and pays the transfer itself, fee included, and the
 * reference key it carries lets the ledger find it on chain.
 */
export function solanaPayTransferUri(terms: SolanaPayTerms): string {
  const params = new URLSearchParams();
  params.set("amount", decimalAmount(terms.amount, terms.decimals));
  if (!isNativeAsset(terms.asset)) params.set("spl-token", terms.asset.slice(terms.asset.lastIndexOf(":") + 1));
  params.set("reference", encodeBase58(Buffer.from(terms.reference.replace(/^0x/, ""), "hex")));
  params.set("label", terms.label);
  params.set("message", terms.message);
  params.set("memo", terms.memo);
  // URLSearchParams writes a space as "+"; Solana Pay wallets decode the query as URI components.
  return `solana:${terms.recipient}?${params.toString().replace(/\+/g, "%20")}`;
}

/**
 * A Solana Pay transaction request: `solana:<link>`. The link is URL-encoded only when it has a query
 * (what the Solana Pay spec asks, and what @solana/pay's encodeURL does); a wallet GETs it for the
 * label and icon and POSTs `{account}` to it for the transaction to sign.
 */
export function solanaPayTransactionUri(link: string): string {
  return `solana:${new URL(link).search ? encodeURIComponent(link) : link}`;
}
