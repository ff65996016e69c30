import type { ReactNode } from "react";
import { formatUnits } from "@/lib/dashboard/format";
import type { TransferView } from "@/lib/ledger/transfer-view";

const STATES: Record<string, string> = {
  seen: "Confirming",
  counted: "Confirmed",
  final: "Final",
  reorged: "Out of the chain (reorg)",
  dropped: "Dropped",
};

/** Where a transfer stands on chain, in words. */
export function transferStateLabel(state: string): string {
  return STATES[state] ?? state;
}

/** `12.5 USDT`, from the configured decimals; base units and the asset id when it is no longer configured. */
export function transferAmount(t: TransferView): string {
  const d = t.amount.display;
  return d
    ? `${formatUnits(BigInt(t.amount.value), d.decimals)} ${d.assetSymbol}`
    : `${t.amount.value} ${t.amount.unit}`;
}

/** `0x1234…cdef`: a long address or hash in a table cell; the whole value is in the title and for screen readers. */
export function Shortened({ value }: { value: string }) {
  if (value.length <= 16) return <code>{value}</code>;
  return (
    <code title={value}>
      <span aria-hidden="true">
        {value.slice(0, 6)}…{value.slice(-4)}
      </span>
      <span className="dash-visually-hidden">{value}</span>
    </code>
  );
}

/** The transaction, on the network's explorer when one is configured. */
export function TransferTx({ transfer }: { transfer: TransferView }) {
  if (!transfer.explorerUrl) return <Shortened value={transfer.txHash} />;
  return (
    <a href={transfer.explorerUrl} target="_blank" rel="noreferrer noopener">
      <Shortened value={transfer.txHash} />
      <span className="dash-visually-hidden"> (opens the block explorer in a new tab)</span>
    </a>
  );
}

/**
 * A table of transfers: Amount first (right-aligned), then `columns`; the rows are the caller's. The
 * wrapper is focusable so a keyboard can scroll the table when it is wider than the screen.
 */
export function TransfersTable({
  labelledBy,
  columns,
  children,
}: {
  labelledBy: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="dash-table-wrap" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table>
        <thead>
          <tr>
            <th scope="col" className="num">
              Amount
            </th>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
