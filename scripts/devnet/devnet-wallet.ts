import { getBase58Encoder } from "@solana/kit";
import { Keypair, Transaction } from "@solana/web3.js";
import { createWalletClient, defineChain, hexToBigInt, http, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

type WireWalletAction = { type: "walletRpc"; walletRpc: { chainId: string; method: string; params: string } };

/**
 * A wallet with real keys on the local chains (tests and the demo): performs one wallet RPC action as a wallet
 * would (spec 4.5 rules 4 and 8) and returns the result confirm expects.
 */
export function devnetWallet(keys: {
  evm?: { privateKey: Hex; rpcUrl: string; chainId: number };
  solana?: { secretKey: string };
}) {
  return async function perform(action: WireWalletAction): Promise<string> {
    const { method } = action.walletRpc;
    const params = JSON.parse(action.walletRpc.params) as unknown[];
    if (method === "eth_signTypedData_v4" && keys.evm) {
      return privateKeyToAccount(keys.evm.privateKey).signTypedData(JSON.parse(params[1] as string));
    }
    if (method === "eth_sendTransaction" && keys.evm) {
      const tx = params[0] as { to: Address; data: Hex; value?: Hex };
      const chain = defineChain({
        id: keys.evm.chainId,
        name: "devnet",
        nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [keys.evm.rpcUrl] } },
      });
      const client = createWalletClient({
        account: privateKeyToAccount(keys.evm.privateKey),
        chain,
        transport: http(keys.evm.rpcUrl),
      });
      return client.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? hexToBigInt(tx.value) : 0n });
    }
    if (method === "solana_signTransaction" && keys.solana) {
      const tx = Transaction.from(Buffer.from((params[0] as { transaction: string }).transaction, "base64"));
      tx.partialSign(Keypair.fromSecretKey(Uint8Array.from(getBase58Encoder().encode(keys.solana.secretKey))));
      return tx.serialize({ requireAllSignatures: false }).toString("base64");
    }
    throw new Error(`test wallet cannot perform ${method}`);
  };
}
