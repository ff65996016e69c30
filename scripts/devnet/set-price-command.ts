import { readFileSync } from "node:fs";
import path from "node:path";
import type { DevnetInfo } from "./devnet-info";
import { readFeedRound, setFeedPrice } from "./evm/set-feed-price";
import { PROJECT_ROOT } from "./paths";

const USAGE = "usage: npm run devnet -- set-price <PAIR> <PRICE> [--age-seconds N]   e.g. set-price EUR/USD 1.0842";

/** `npm run devnet -- set-price EUR/USD 1.0842 [--age-seconds N]`: moves a feed of the running devnet. */
export async function setPriceCommand(args: string[], file: string): Promise<void> {
  const [pair, price, flag, age] = args;
  if (!pair || !price || !/^[A-Z0-9]+\/[A-Z]+$/.test(pair) || !/^(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(price))
    throw new Error(USAGE);
  if (flag !== undefined && (flag !== "--age-seconds" || !age || !/^[0-9]+$/.test(age))) throw new Error(USAGE);
  const info = JSON.parse(readFileSync(path.resolve(PROJECT_ROOT, file), "utf8")) as DevnetInfo;
  await setFeedPrice(info.evm, { pair, price, ageSeconds: age ? Number(age) : 0 });
  const round = await readFeedRound(info.evm, pair);
  console.log(
    `${pair} = ${price} (round ${round.roundId}, updated ${new Date(Number(round.updatedAt) * 1000).toISOString()})`,
  );
}
