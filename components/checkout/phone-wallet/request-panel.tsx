"use client";

import Image from "next/image";
import { useId, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { exactAmount, requestKey, requestLabel, type CheckoutRequest } from "./request-view";
import { usePaymentRequests } from "./use-payment-requests";
import { useQrDataUrl } from "./use-qr-data-url";

const QR_SIZE = 224;

/**
 * Loaded on demand (the buyer opened "Pay with a phone wallet"): the payment's requests in wallet
 * standards (Solana Pay, EIP-681), one at a time, as a QR code a wallet's scanner pays with no page
 * open, the same URI as text, and the exact amount and network. The page learns of the payment from
 * its status poll, like any other.
 */
export default function RequestPanel({ paymentId }: { paymentId: string }) {
  const { data: requests, isError } = usePaymentRequests(paymentId);
  const [chosen, setChosen] = useState<string | null>(null);
  if (isError && !requests) {
    return (
      <p className="muted" role="alert">
        Payment requests are not available for this payment. Connect a wallet instead, or open this page on your phone.
      </p>
    );
  }
  if (!requests) {
    return (
      <p className="muted" role="status">
        Preparing payment requests…
      </p>
    );
  }
  if (requests.length === 0) {
    return (
      <p className="muted" role="status">
        This merchant takes no payment requests for phone wallets. Connect a wallet instead.
      </p>
    );
  }
  // The first (Solana first, and a Solana asset's transaction request before its transfer request, as
  // the route orders them) until the buyer picks one; a pick that a refresh no longer offers falls back
  // to the first.
  const request = requests.find((r) => requestKey(r) === chosen) ?? requests[0]!;
  return <RequestView requests={requests} request={request} onChoose={setChosen} />;
}

function RequestView({
  requests,
  request,
  onChoose,
}: {
  requests: CheckoutRequest[];
  request: CheckoutRequest;
  onChoose: (key: string) => void;
}) {
  const selectId = useId();
  const qr = useQrDataUrl(request.uri, QR_SIZE);
  const amount = exactAmount(request);
  const network = request.amount.display.networkName;
  return (
    <div className="request">
      <div className="request-select">
        <label htmlFor={selectId}>Network and asset</label>
        <select id={selectId} value={requestKey(request)} onChange={(e) => onChoose(e.target.value)}>
          {requests.map((r) => (
            <option key={requestKey(r)} value={requestKey(r)}>
              {requestLabel(r)}
            </option>
          ))}
        </select>
      </div>
      <p className="request-amount" data-testid="request-amount" aria-live="polite">
        Send exactly <strong>{amount}</strong> on <strong>{network}</strong>
      </p>
      {qr ? (
        // A data: URL made here: nothing for the image optimizer to fetch.
        <Image
          src={qr}
          width={QR_SIZE}
          height={QR_SIZE}
          alt={`QR code of a payment request for ${amount} on ${network}`}
          data-testid="request-qr"
          unoptimized
        />
      ) : (
        <span className="qr-placeholder" aria-hidden="true" />
      )}
      <p className="muted">
        Scan it with your wallet app: it fills in the recipient and the amount. Send it from the {network} network
        without changing the amount; this page updates by itself once the payment arrives.
      </p>
      <div className="copy">
        <input
          readOnly
          value={request.uri}
          aria-label="Payment request"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="request-uri"
        />
        <CopyButton
          value={request.uri}
          label="Copy payment request"
          text="Copy payment request"
          statusClassName="muted"
        />
      </div>
    </div>
  );
}
