import { formatTime } from "@/lib/dashboard/format";
import type { TransferView } from "@/lib/ledger/transfer-view";
import { AttachTransferForm } from "./attach-transfer-form";
import { Shortened, transferAmount, transferStateLabel, TransferTx, TransfersTable } from "./transfer-parts";
import { TwoStepAction } from "./two-step-action";

/**
 * Money that reached the merchant's address bound to no payment (a plain transfer from an exchange
 * or another wallet): what arrived, from whom, on which network, and the merchant's two choices.
 * Only a confirmed transfer can be attached; any can be dismissed.
 */
export function UnmatchedTransfers({
  transfers,
  more,
  csrfToken,
}: {
  transfers: TransferView[];
  more: boolean;
  csrfToken: string;
}) {
  return (
    <section
      className="dash-panel dash-attention"
      aria-labelledby="unmatched-heading"
      data-testid="unmatched-transfers"
    >
      <h2 id="unmatched-heading">Needs attention: money bound to no payment</h2>
      <p className="dash-muted">
        These transfers reached your receiving address without naming a payment. Attach one to the payment it is for, or
        dismiss it if it is not a payment (a top-up, a test). The money is in your address either way.
      </p>
      <TransfersTable labelledBy="unmatched-heading" columns={["Network", "From", "Transaction", "When", "Action"]}>
        {transfers.map((t) => {
          const amount = transferAmount(t);
          const confirmed = t.state === "counted" || t.state === "final";
          return (
            <tr key={t.id} data-transfer-id={t.id}>
              <td className="num">{amount}</td>
              <td>{t.networkName ?? t.chainId}</td>
              <td>
                <Shortened value={t.sender} />
              </td>
              <td>
                <TransferTx transfer={t} />
              </td>
              <td>
                {formatTime(t.blockTime ?? t.observedAt)}
                {confirmed ? null : <span className="dash-muted"> ({transferStateLabel(t.state)})</span>}
              </td>
              <td>
                <div className="dash-row">
                  {confirmed ? <AttachTransferForm transferId={t.id} amount={amount} csrfToken={csrfToken} /> : null}
                  <TwoStepAction
                    label="Dismiss"
                    question={`Dismiss the transfer of ${amount}? It leaves this list and stays in the ledger; your email and the time are recorded.`}
                    confirmLabel="Confirm: dismiss"
                    busyLabel="Dismissing…"
                    endpoint={`/dashboard/api/transfers/${encodeURIComponent(t.id)}/dismiss`}
                    csrfToken={csrfToken}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </TransfersTable>
      {more ? (
        <p className="dash-muted">
          Showing the newest {transfers.length}; the rest are listed by GET /v1/transfers?status=unmatched.
        </p>
      ) : null}
    </section>
  );
}
