import { getAddress, type Hash, type Hex, type PublicClient, type Transaction, type TransactionReceipt } from "viem";
import { isNativeAsset } from "../caip";
import type { ListedTransfer, ObservedTransfer, ScanWatch } from "../chain-adapter";
import type { NetworkConfig } from "../network-config";
import { evmClientFor, tokenAddressOf } from "./evm-client";
import { rpcOrThrow } from "./rpc-errors";

/** keccak256("Transfer(address,address,uint256)") and keccak256("AuthorizationUsed(address,bytes32)"). */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
export const AUTHORIZATION_USED_TOPIC = "0x98de503528ee59b575ef0c0a2576a82497bfc029a5685b209e9ec333479b10a5";

/**
 * Past this many receiving addresses the logs are asked for every recipient and filtered here: nodes
 * cap the topics of one filter, and one call per range must not become one call per merchant.
 */
export const MAX_RECIPIENT_TOPICS = 500;

type RawLog = {
  address: string;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hash;
  transactionHash: Hash;
  logIndex: Hex;
  /** The block's time, which some nodes (anvil, geth) put on each log. */
  blockTimestamp?: Hex | null;
  removed?: boolean;
};

export const topicOf = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}` as Hex;
export const addressOfTopic = (topic: Hex | undefined) => (topic ? getAddress(`0x${topic.slice(26)}`) : undefined);

/**
 * The 32-byte references a transaction carries that may bind it to a payment option: the last 32
 * bytes of its input (an ERC-20 transfer or a plain value transfer with the reference appended, or
 * the reference alone) and the nonce of every EIP-3009 authorization it used. A replacement of the
 * transaction ("speed up") carries the same input, so it binds to the same option.
 */
export function referencesOf(input: Hex, receipt: TransactionReceipt): string[] {
  const found = new Set<string>();
  if (input.length >= 2 + 64) found.add(`0x${input.slice(-64).toLowerCase()}`);
  for (const log of receipt.logs) {
    if (log.topics[0] === AUTHORIZATION_USED_TOPIC && log.topics[2]) found.add(log.topics[2].toLowerCase());
  }
  return [...found];
}

/** The times of blocks `numbers`: those in `known` (blocks this scan has read already) are not read again. */
async function blockTimes(
  client: PublicClient,
  numbers: bigint[],
  known: Map<bigint, Date>,
): Promise<Map<bigint, Date>> {
  const times = new Map<bigint, Date>();
  await Promise.all(
    [...new Set(numbers)].map(async (blockNumber) => {
      const time = known.get(blockNumber);
      if (time) return void times.set(blockNumber, time);
      const block = await rpcOrThrow("eth_getBlockByNumber", () => client.getBlock({ blockNumber }));
      times.set(blockNumber, new Date(Number(block.timestamp) * 1000));
    }),
  );
  return times;
}

/**
 * Every transfer in blocks `from`..`to` (inclusive) to one of `watch.recipients`: `Transfer` logs of the
 * network's tokens (one eth_getLogs for the whole range, whatever the number of merchants or
 * payments), and, with `watch.native`, successful transactions sending the native coin to them (one
 * block read per block). Each transaction found is read once (input and receipt) for its references,
 * unless `watch.toRead` leaves it out (the ledger has it already).
 */
export async function scanEvmTransfers(
  network: NetworkConfig,
  range: { from: bigint; to: bigint },
  watch: ScanWatch,
): Promise<ObservedTransfer[]> {
  const { publicClient } = evmClientFor(network);
  const recipients = new Set(watch.recipients.map((r) => r.toLowerCase()));
  if (recipients.size === 0 || range.to < range.from) return [];
  const tokens = network.tokens.filter((t) => !isNativeAsset(t.caip19));
  const assetOf = new Map(tokens.map((t) => [tokenAddressOf(network, t).toLowerCase(), t.caip19]));
  const native = network.tokens.find((t) => isNativeAsset(t.caip19));

  const logs: RawLog[] = [];
  if (tokens.length > 0) {
    const toTopics = recipients.size <= MAX_RECIPIENT_TOPICS ? [...recipients].map(topicOf) : null;
    const found = await rpcOrThrow("eth_getLogs(Transfer)", () =>
      publicClient.request({
        method: "eth_getLogs",
        params: [
          {
            address: [...assetOf.keys()] as Hex[],
            topics: [TRANSFER_TOPIC, null, toTopics],
            fromBlock: `0x${range.from.toString(16)}`,
            toBlock: `0x${range.to.toString(16)}`,
          },
        ],
      }),
    );
    logs.push(
      ...(found as RawLog[]).filter((l) => !l.removed && recipients.has(addressOfTopic(l.topics[2])!.toLowerCase())),
    );
  }
  const nativeTxs: Transaction[] = [];
  // Each block read for native transfers also gives its time: a transfer found in it needs no second read.
  const readTimes = new Map<bigint, Date>();
  const readHashes = new Map<bigint, string>();
  if (watch.native && native) {
    for (let n = range.from; n <= range.to; n++) {
      const block = await rpcOrThrow("eth_getBlockByNumber", () =>
        publicClient.getBlock({ blockNumber: n, includeTransactions: true }),
      );
      readTimes.set(n, new Date(Number(block.timestamp) * 1000));
      readHashes.set(n, block.hash);
      nativeTxs.push(
        ...block.transactions.filter((tx) => tx.to && tx.value > 0n && recipients.has(tx.to.toLowerCase())),
      );
    }
  }

  const listed: ListedTransfer[] = [
    ...logs.map((l) => ({
      txHash: l.transactionHash,
      blockNumber: BigInt(l.blockNumber),
      blockHash: l.blockHash,
      recipient: addressOfTopic(l.topics[2])!,
      asset: assetOf.get(l.address.toLowerCase())!,
    })),
    ...nativeTxs.map((t) => ({
      txHash: t.hash,
      blockNumber: t.blockNumber!,
      blockHash: t.blockHash!,
      recipient: getAddress(t.to!),
      asset: native!.caip19,
    })),
  ];
  const chosen = watch.toRead ? await watch.toRead(listed, readHashes) : listed;
  // A node that stamps logs with their block's time saves a block read per block with a token transfer.
  for (const l of logs)
    if (l.blockTimestamp) readTimes.set(BigInt(l.blockNumber), new Date(Number(BigInt(l.blockTimestamp)) * 1000));
  const hashes = [...new Set(chosen.map((l) => l.txHash as Hash))];
  const read = await Promise.all(
    hashes.map(async (hash) => {
      const [tx, receipt] = await Promise.all([
        nativeTxs.find((t) => t.hash === hash) ??
          rpcOrThrow("eth_getTransactionByHash", () => publicClient.getTransaction({ hash })),
        rpcOrThrow("eth_getTransactionReceipt", () => publicClient.getTransactionReceipt({ hash })),
      ]);
      return { tx, receipt };
    }),
  );
  const mined = read.filter(({ receipt }) => receipt.status === "success");
  const times = await blockTimes(
    publicClient,
    mined.map(({ receipt }) => receipt.blockNumber),
    readTimes,
  );

  const transfers: ObservedTransfer[] = [];
  for (const { tx, receipt } of mined) {
    const common = {
      txHash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      blockTime: times.get(receipt.blockNumber)!,
      references: referencesOf(tx.input, receipt),
    };
    receipt.logs.forEach((log, position) => {
      const asset = assetOf.get(log.address.toLowerCase());
      const to = addressOfTopic(log.topics[2]);
      if (!asset || log.topics[0] !== TRANSFER_TOPIC || !to || !recipients.has(to.toLowerCase())) return;
      transfers.push({
        ...common,
        position,
        sender: addressOfTopic(log.topics[1])!,
        recipient: to,
        asset,
        amount: BigInt(log.data),
      });
    });
    if (native && watch.native && tx.to && tx.value > 0n && recipients.has(tx.to.toLowerCase())) {
      transfers.push({
        ...common,
        position: -1,
        sender: getAddress(tx.from),
        recipient: getAddress(tx.to),
        asset: native.caip19,
        amount: tx.value,
      });
    }
  }
  return transfers;
}
