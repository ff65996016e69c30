import { formatTime } from "@/lib/dashboard/format";
import type { TransferView } from "@/lib/ledger/transfer-view";
import { Shortened, transferAmount, transferStateLabel, TransferTx, TransfersTable } from "./transfer-parts";

/** Every transfer the ledger holds for a payment: bound by the reference it carried, or attached by the merchant. */
export function PaymentTransfers({ transfers }: { transfers: TransferView[] }) {
  if (transfers.length === 0) return null;
  return (
    <section className="dash-panel" aria-labelledby="transfers-heading" data-testid="payment-transfers">
      <h2 id="transfers-heading">Transfers on chain</h2>
      <TransfersTable
        labelledBy="transfers-heading"
        columns={["From", "Transaction", "State", "How it is tied to this payment", "When"]}
      >
        {transfers.map((t) => (
          <tr key={t.id} data-transfer-id={t.id}>
            <td className="num">{transferAmount(t)}</td>
            <td>
              <Shortened value={t.sender} />
            </td>
            <td>
              <TransferTx transfer={t} />
            </td>
            <td>{transferStateLabel(t.state)}</td>
            <td>
              {t.status === "attached"
                ? `Attached by ${t.resolvedBy ?? "the merchant"} on ${formatTime(t.resolvedAt)}`
                : "Carried this payment's reference"}
            </td>
            <td>{formatTime(t.blockTime ?? t.observedAt)}</td>
          </tr>
        ))}
      </TransfersTable>
    </section>
  );
}
