"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { QrCode } from "@/components/ui/qr-code";
import { formatFiat } from "@/lib/money/format-fiat";
import type { Charge, PaymentRequest } from "./pos-api";
import { formatTokenAmount } from "@/lib/i18n/format-amount";
import type { Locale } from "@/lib/i18n/locales";

/** Every digit the wallet must send, with its symbol: "12.500001 USDC". */
const exactly = (r: PaymentRequest, locale: Locale) =>
  `${formatTokenAmount(r.amount.value, r.amount.display.decimals, locale)} ${r.amount.display.assetSymbol}`;

/**
 * The full-screen QR code of one payment request the buyer scans with a phone wallet, with a choice
 * of network and asset, the exact amount and network it must be sent on, and the live status.
 */
export function ChargeScreen({
  charge,
  status,
  locale,
  onCancel,
  cancelling,
}: {
  charge: Charge;
  status: string;
  locale: string;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const t = useTranslations("pos");
  const pageLocale = useLocale() as Locale;
  const [index, setIndex] = useState(0);
  const request = charge.requests[index];
  const optionLabel = (r: PaymentRequest) => {
    const label = t("option", { asset: r.amount.display.assetSymbol, network: r.amount.display.networkName });
    return r.kind === "solana-pay-transaction" ? t("solanaPay", { label }) : label;
  };
  const fiat = formatFiat(BigInt(charge.payment.amount.value), charge.payment.amount.currency, locale);
  return (
    <section className="pos-charge" aria-labelledby="charge-heading">
      <h1 id="charge-heading" className="pos-charge-amount" data-testid="charge-amount">
        {fiat}
      </h1>
      {request ? (
        <>
          <label className="pos-select">
            <span>{t("payWith")}</span>
            <select value={index} onChange={(e) => setIndex(Number(e.target.value))} data-testid="request-select">
              {charge.requests.map((r, i) => (
                <option key={`${r.kind}:${r.asset}`} value={i}>
                  {optionLabel(r)}
                </option>
              ))}
            </select>
          </label>
          <div className="pos-qr" data-testid="pos-qr">
            <QrCode
              text={request.uri}
              size={320}
              alt={t("qrAlt", { amount: exactly(request, pageLocale), network: request.amount.display.networkName })}
            />
          </div>
          <p className="pos-exact" data-testid="request-amount">
            {t.rich("sendExactly", {
              amount: exactly(request, pageLocale),
              network: request.amount.display.networkName,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        </>
      ) : (
        <p role="alert">{t("noRequests")}</p>
      )}
      <p className="pos-status" role="status" data-testid="charge-status">
        {status === "processing" ? t("confirming") : t("waiting")}
      </p>
      <button type="button" className="pos-secondary" onClick={onCancel} disabled={cancelling}>
        {t("cancelSale")}
      </button>
    </section>
  );
}
