import { SolanaLedger } from "./ledger";
import { startRpcServer } from "./rpc-server";
import { CAIP2_CHAIN_ID, GENESIS_HASH, keyInfo, type SolanaKeyInfo } from "./solana-keys";
import { ata, setUpSolana, solanaActors, USDC_DECIMALS } from "./solana-setup";
import { TOKEN_PROGRAM_ID } from "./token-layout";

export interface SolanaTokenInfo {
  symbol: string;
  name: string;
  mint: string;
  decimals: number;
  /** Token program owning the mint (classic SPL Token). */
  programId: string;
}

export interface SolanaBuyerInfo extends SolanaKeyInfo {
  /** Associated token account per token symbol, already created and funded. */
  tokenAccounts: Record<string, string>;
}

export interface SolanaInfo {
  chainId: string;
  genesisHash: string;
  rpcUrl: string;
  wsUrl: string;
  tokens: SolanaTokenInfo[];
  buyers: SolanaBuyerInfo[];
  /** The service's fee payer: 1,000 SOL, no tokens. */
  feePayer: SolanaKeyInfo;
  /** Receiving wallet; its USDC associated token account exists (empty) so payments need no ATA creation. */
  merchant: { publicKey: string; tokenAccounts: Record<string, string> };
  /** Can mint more devnet USDC (mintToChecked), for tests that need larger balances. */
  mintAuthority: SolanaKeyInfo;
}

export interface SolanaDevnet {
  info: SolanaInfo;
  ledger: SolanaLedger;
  stop(): Promise<void>;
}

export async function startSolana(opts: { port: number; buyerCount: number; slotMs: number }): Promise<SolanaDevnet> {
  const ledger = new SolanaLedger();
  const actors = solanaActors(opts.buyerCount);
  const airdrop = setUpSolana(ledger, actors);
  const server = await startRpcServer({ ledger, genesisHash: GENESIS_HASH, airdrop }, opts.port);
  ledger.startTicking(opts.slotMs);

  const mint = actors.mint.publicKey;
  const usdcAccount = (owner: typeof mint) => ({ USDC: ata(mint, owner).toBase58() });
  const info: SolanaInfo = {
    chainId: CAIP2_CHAIN_ID,
    genesisHash: GENESIS_HASH,
    rpcUrl: server.rpcUrl,
    wsUrl: server.wsUrl,
    tokens: [
      { symbol: "USDC", name: "USD Coin", mint: mint.toBase58(), decimals: USDC_DECIMALS, programId: TOKEN_PROGRAM_ID },
    ],
    buyers: actors.buyers.map((buyer) => ({ ...keyInfo(buyer), tokenAccounts: usdcAccount(buyer.publicKey) })),
    feePayer: keyInfo(actors.feePayer),
    merchant: {
      publicKey: actors.merchant.publicKey.toBase58(),
      tokenAccounts: usdcAccount(actors.merchant.publicKey),
    },
    mintAuthority: keyInfo(actors.mintAuthority),
  };
  return {
    info,
    ledger,
    stop: async () => {
      ledger.stopTicking();
      await server.close();
    },
  };
}
