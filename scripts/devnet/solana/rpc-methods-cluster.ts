import { createHash } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { feeForMessage } from "./message-accounts";
import {
  configParam,
  decodeBinary,
  stringParam,
  withContext,
  SOLANA_CORE_VERSION,
  type RpcHandler,
} from "./rpc-context";
import { invalidParams, RpcError } from "./rpc-error";
import { parseMessage } from "./wire-format";

const SLOTS_PER_EPOCH = 432_000; // mainnet's; the devnet never leaves epoch 0 in practice
const IDENTITY = getBase58Decoder().decode(createHash("sha256").update("payment-service-devnet/identity").digest());
const MAX_WARP = 100_000;

/** Slot, blockhash, fee and node-level methods. */
export const clusterMethods: Record<string, RpcHandler> = {
  getSlot: (_p, ctx) => ctx.ledger.clock.slot,
  getBlockHeight: (_p, ctx) => ctx.ledger.clock.slot,
  getLatestBlockhash: (_p, ctx) =>
    withContext(ctx, {
      blockhash: ctx.ledger.clock.latestBlockhash,
      lastValidBlockHeight: ctx.ledger.clock.lastValidBlockHeight(),
    }),
  isBlockhashValid: (p, ctx) => withContext(ctx, ctx.ledger.clock.isBlockhashValid(stringParam(p, 0, "a blockhash"))),
  getFeeForMessage: (p, ctx) => {
    const { encoding } = configParam<{ encoding: string }>(p, 1);
    // web3.js sends the message base64 without saying so; a node assumes base64 here too.
    let message;
    try {
      message = parseMessage(decodeBinary(stringParam(p, 0, "a message"), encoding ?? "base64"));
    } catch (error) {
      if (error instanceof RpcError) throw error;
      throw invalidParams(`invalid message: ${(error as Error).message}`);
    }
    // Like a node: no fee for a message whose blockhash has expired.
    const live = ctx.ledger.clock.isBlockhashValid(message.recentBlockhash);
    return withContext(ctx, live ? Number(feeForMessage(message)) : null);
  },
  getMinimumBalanceForRentExemption: (p, ctx) => {
    const size = p[0];
    if (typeof size !== "number" || !Number.isInteger(size) || size < 0)
      throw invalidParams("Invalid param: expected a data length");
    return Number(ctx.ledger.svm.minimumBalanceForRentExemption(BigInt(size)));
  },
  getGenesisHash: (_p, ctx) => ctx.genesisHash,
  getVersion: () => ({ "solana-core": SOLANA_CORE_VERSION, "feature-set": 0 }),
  getHealth: () => "ok",
  getIdentity: () => ({ identity: IDENTITY }),
  getSlotLeader: () => IDENTITY,
  getEpochInfo: (_p, ctx) => {
    const slot = ctx.ledger.clock.slot;
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: Math.floor(slot / SLOTS_PER_EPOCH),
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ctx.ledger.store.count,
    };
  },
  getEpochSchedule: () => ({
    slotsPerEpoch: SLOTS_PER_EPOCH,
    leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
    warmup: false,
    firstNormalEpoch: 0,
    firstNormalSlot: 0,
  }),
  getTransactionCount: (_p, ctx) => ctx.ledger.store.count,
  getRecentPrioritizationFees: () => [],
  getFirstAvailableBlock: () => 0,
  minimumLedgerSlot: () => 0,
  getBlockTime: (p, ctx) => {
    const slot = p[0];
    if (typeof slot !== "number" || slot < 0 || slot > ctx.ledger.clock.slot) {
      throw new RpcError(-32004, `Block not available for slot ${String(slot)}`);
    }
    return ctx.ledger.clock.blockTime(slot);
  },
  /**
   * Devnet-only, like anvil's evm_mine: jump N slots at once so tests can expire blockhashes
   * (150 slots, a minute of real time) without waiting. Returns the new slot.
   */
  devnet_advanceSlots: (p, ctx) => {
    const count = p[0] ?? 1;
    if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_WARP) {
      throw invalidParams(`Invalid param: expected a slot count between 1 and ${MAX_WARP}`);
    }
    ctx.ledger.clock.advance(count);
    return ctx.ledger.clock.slot;
  },
};
