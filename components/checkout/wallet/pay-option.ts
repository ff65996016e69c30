import {
  createGatewayClient,
  payWithOption,
  solanaSignerFromSignTransaction,
  WalletFlowError,
  type PaymentOption,
  type PayStep,
  type Signers,
} from "@/lib/wallet";
import type { EvmSession, SolanaSession } from "./sessions";

export type { PayStep };

/** An option as the checkout lists it: the gateway's option plus how it is paid. */
export type CheckoutOption = PaymentOption & {
  chainId: string;
  kind: "typed_data" | "transaction" | "solana";
};

const client = () => createGatewayClient();

export async function loadOptions(paymentId: string, accounts: string[]): Promise<CheckoutOption[]> {
  const { options } = await client().getOptions(paymentId, accounts);
  return options.map((o) => {
    const first = o.actions[0]!;
    const chainId = o.account.split(":").slice(0, 2).join(":");
    const kind =
      first.type === "build"
        ? "solana"
        : first.walletRpc.method === "eth_signTypedData_v4"
          ? "typed_data"
          : "transaction";
    return { ...o, chainId, kind };
  });
}

/** Pays with the signer of the chosen option's namespace (spec 4.5 rule 9), through lib/wallet. */
export function payOption({
  paymentId,
  option,
  sessions,
  onStep,
}: {
  paymentId: string;
  option: CheckoutOption;
  sessions: { evm: EvmSession | null; solana: SolanaSession | null };
  onStep: (s: PayStep) => void;
}) {
  const walletName = option.kind === "solana" ? sessions.solana?.walletName : sessions.evm?.walletName;
  return payWithOption({
    client: createGatewayClient({ walletName }),
    paymentId,
    option,
    signers: signersOf(sessions),
    onStep,
  });
}

function signersOf({ evm, solana }: { evm: EvmSession | null; solana: SolanaSession | null }): Signers {
  return {
    ...(evm ? { eip155: { request: (args) => evm.signer.request(args) } } : {}),
    // wallet-adapter signs web3.js objects (never sends): lib/wallet decodes and re-encodes around it.
    ...(solana ? { solana: solanaSignerFromSignTransaction(solana.signTransaction) } : {}),
  };
}

/**
 * What the buyer reads when paying fails: one of the checkout's messages (in the buyer's language),
 * or the wallet's or the service's own words when there is none for the case; and whether fresh
 * options would help.
 */
export type PayErrorMessage =
  | { key: "quoteExpired" | "paymentExpired" | "userRejected" | "generic" }
  | { key: "verificationFailed"; reason: string }
  | { key: null; text: string };

export function describePayError(error: unknown): { message: PayErrorMessage; refreshOptions: boolean } {
  if (error instanceof WalletFlowError) {
    if (error.code === "gateway_error" && error.gateway) {
      const code = error.gateway.code;
      if (code === "quote_expired") return { message: { key: "quoteExpired" }, refreshOptions: true };
      if (code === "payment_expired") return { message: { key: "paymentExpired" }, refreshOptions: false };
      if (code === "verification_failed")
        return { message: { key: "verificationFailed", reason: error.message }, refreshOptions: true };
      return { message: { key: null, text: error.message }, refreshOptions: code === "invalid_state" };
    }
    if (error.code === "user_rejected") return { message: { key: "userRejected" }, refreshOptions: false };
    return { message: { key: null, text: error.message }, refreshOptions: false };
  }
  return { message: { key: "generic" }, refreshOptions: false };
}
