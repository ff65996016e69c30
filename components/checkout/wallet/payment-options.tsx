"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { formatTokenAmount } from "@/lib/i18n/format-amount";
import { toStatusView, type PaymentStatusView } from "../use-payment-status";
import { OptionRow } from "./option-row";
import { describePayError, loadOptions, payOption, type PayErrorMessage, type PayStep } from "./pay-option";
import type { EvmSession, SolanaSession } from "./sessions";

/** The options for the connected accounts; the buyer picks one and pays it through lib/wallet. */
export function PaymentOptions({
  paymentId,
  accounts,
  evm,
  solana,
  onStatus,
}: {
  paymentId: string;
  accounts: string[];
  evm: EvmSession | null;
  solana: SolanaSession | null;
  /** The confirm's answer, shown as the page's status at once. */
  onStatus: (view: PaymentStatusView) => void;
}) {
  const t = useTranslations("checkout.wallet");
  const locale = useLocale();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [step, setStep] = useState<PayStep | null>(null);
  const options = useQuery({
    queryKey: ["payment-options", paymentId, accounts],
    queryFn: () => loadOptions(paymentId, accounts),
    // Quotes hold until their expiresAt: fetch fresh ones shortly before the first one lapses.
    refetchInterval: (q) => {
      const soonest = Math.min(...(q.state.data ?? []).map((o) => o.expiresAt));
      return Number.isFinite(soonest) ? Math.max(5_000, soonest * 1000 - Date.now() - 10_000) : false;
    },
    refetchOnWindowFocus: false,
  });
  const errorText = (m: PayErrorMessage) =>
    m.key === null
      ? m.text
      : m.key === "verificationFailed"
        ? t("errors.verificationFailed", { reason: m.reason })
        : t(`errors.${m.key}`);
  const selected = options.data?.find((o) => o.id === selectedId) ?? null;
  const pay = useMutation({
    mutationFn: () => payOption({ paymentId, option: selected!, sessions: { evm, solana }, onStep: setStep }),
    onSuccess: (result) => onStatus(toStatusView(result)),
    onError: (error) => {
      // A lapsed quote or option: offer fresh ones rather than a dead end.
      if (describePayError(error).refreshOptions) void options.refetch();
    },
    onSettled: () => setStep(null),
  });

  if (options.isPending)
    return (
      <p className="muted" role="status">
        {t("findingOptions")}
      </p>
    );
  if (options.isError)
    return (
      <p className="error" role="alert">
        {t("optionsFailed")} {errorText(describePayError(options.error).message)}
      </p>
    );
  if (options.data.length === 0) {
    return (
      <p className="muted" data-testid="no-options" role="status">
        {t("noOptions")}
      </p>
    );
  }
  const error = pay.isError ? describePayError(pay.error) : null;
  return (
    <>
      <h2 id="options-heading">{t("payWith")}</h2>
      <ul className="options" aria-labelledby="options-heading" data-testid="payment-options">
        {options.data.map((option) => (
          <OptionRow
            key={option.id}
            option={option}
            selected={option.id === selectedId}
            disabled={pay.isPending}
            onSelect={() => setSelectedId(option.id)}
          />
        ))}
      </ul>
      <button type="button" className="primary pay" disabled={!selected || pay.isPending} onClick={() => pay.mutate()}>
        {selected
          ? t("pay", {
              amount: `${formatTokenAmount(selected.amount.value, selected.amount.display.decimals, locale)} ${selected.amount.display.assetSymbol}`,
            })
          : t("chooseOption")}
      </button>
      {step ? (
        <p className="steps" role="status">
          {t(`steps.${step}`)}
        </p>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {errorText(error.message)}
        </p>
      ) : null}
    </>
  );
}
