"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import { useCopyMessages } from "../use-copy-messages";
import { useId, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { exactAmount, requestKey, requestLabel, type CheckoutRequest } from "./request-view";
import { usePaymentRequests } from "./use-payment-requests";
import { useQrDataUrl } from "@/components/ui/use-qr-data-url";

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
  const t = useTranslations("checkout.phoneWallet");
  if (isError && !requests) {
    return (
      <p className="muted" role="alert">
        {t("unavailable")}
      </p>
    );
  }
  if (!requests) {
    return (
      <p className="muted" role="status">
        {t("preparing")}
      </p>
    );
  }
  if (requests.length === 0) {
    return (
      <p className="muted" role="status">
        {t("none")}
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
  const t = useTranslations("checkout.phoneWallet");
  const copyMessages = useCopyMessages();
  const locale = useLocale() as Locale;
  const qr = useQrDataUrl(request.uri, QR_SIZE);
  const amount = exactAmount(request, locale);
  const network = request.amount.display.networkName;
  return (
    <div className="request">
      <div className="request-select">
        <label htmlFor={selectId}>{t("networkAndAsset")}</label>
        <select id={selectId} value={requestKey(request)} onChange={(e) => onChoose(e.target.value)}>
          {requests.map((r) => (
            <option key={requestKey(r)} value={requestKey(r)}>
              {t(requestLabel(r).key, requestLabel(r).values)}
            </option>
          ))}
        </select>
      </div>
      <p className="request-amount" data-testid="request-amount" aria-live="polite">
        {t.rich("sendExactly", { amount, network, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {qr ? (
        // A data: URL made here: nothing for the image optimizer to fetch (and no next/image code to load).
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={qr}
          width={QR_SIZE}
          height={QR_SIZE}
          alt={t("qrAlt", { amount, network })}
          data-testid="request-qr"
          decoding="async"
        />
      ) : (
        <span className="qr-placeholder" aria-hidden="true" />
      )}
      <p className="muted">{t("scanHint", { network })}</p>
      <div className="copy">
        <input
          readOnly
          value={request.uri}
          aria-label={t("request")}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="request-uri"
        />
        <CopyButton
          value={request.uri}
          label={t("copyRequest")}
          text={t("copyRequest")}
          messages={copyMessages}
          statusClassName="muted"
        />
      </div>
    </div>
  );
}
