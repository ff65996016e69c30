import { createHash, randomBytes } from "node:crypto";
import { getBase58Decoder } from "@solana/kit";
import { Clock, type LiteSVM } from "litesvm";

/** A blockhash can be used for this many slots after the one that produced it, as on mainnet. */
export const BLOCKHASH_VALID_SLOTS = 150;
// Kept a little longer than their validity so isBlockhashValid can still say "false" for them.
const REMEMBERED_SLOTS = 2 * BLOCKHASH_VALID_SLOTS;

/**
 * Slots, blockhashes and the Clock sysvar for a LiteSVM that has no notion of blocks.
 *
 * LiteSVM only accepts its single latest blockhash, which would make every transaction that was
 * signed more than one tick ago fail. So its own check is switched off and this clock keeps one
 * blockhash per slot, valid for 150 slots: a blockhash expires after about a minute, like on a
 * real cluster. Block height equals slot here (no skipped slots).
 */
export class SlotClock {
  slot = 0;
  latestBlockhash = "";
  // Fresh per run, so a transaction signed against an earlier devnet never looks recent.
  private readonly salt = randomBytes(16);
  private readonly startSeconds = BigInt(Math.floor(Date.now() / 1000));
  private readonly blockhashSlots = new Map<string, number>();
  private readonly slotTimes = new Map<number, number>();

  constructor(
    private readonly svm: LiteSVM,
    private readonly onSlot: (slot: number) => void,
  ) {
    this.install(Date.now());
  }

  advance(count = 1): void {
    for (let i = 0; i < count; i++) {
      this.slot++;
      this.install(Date.now());
      // Durable nonces advance from LiteSVM's internal blockhash; moving it lets one advance per slot.
      this.svm.expireBlockhash();
      this.onSlot(this.slot);
    }
  }

  lastValidBlockHeight(): number {
    return this.slot + BLOCKHASH_VALID_SLOTS;
  }

  isBlockhashValid(blockhash: string): boolean {
    const slot = this.blockhashSlots.get(blockhash);
    return slot !== undefined && this.slot <= slot + BLOCKHASH_VALID_SLOTS;
  }

  /** Unix seconds of a slot; slots no longer remembered are estimated from the 400 ms cadence. */
  blockTime(slot: number): number {
    const known = this.slotTimes.get(slot);
    if (known !== undefined) return Math.floor(known / 1000);
    return Number(this.startSeconds) + Math.floor((slot * 400) / 1000);
  }

  private install(nowMs: number): void {
    const hash = createHash("sha256").update(this.salt).update(String(this.slot)).digest();
    this.latestBlockhash = getBase58Decoder().decode(hash);
    this.blockhashSlots.set(this.latestBlockhash, this.slot);
    this.slotTimes.set(this.slot, nowMs);
    // Maps iterate in insertion order, so the oldest entries are always first.
    for (const [hashKey, slot] of this.blockhashSlots) {
      if (slot >= this.slot - REMEMBERED_SLOTS) break;
      this.blockhashSlots.delete(hashKey);
      this.slotTimes.delete(slot);
    }
    const unixSeconds = BigInt(Math.floor(nowMs / 1000));
    this.svm.setClock(new Clock(BigInt(this.slot), this.startSeconds, 0n, 1n, unixSeconds));
  }
}
