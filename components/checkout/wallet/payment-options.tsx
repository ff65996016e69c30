"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { statusKey, toStatusView } from "../use-payment-status";
import { OptionRow } from "./option-row";
import { describePayError, loadOptions, payOption, type PayStep } from "./pay-option";
import type { EvmSession, SolanaSession } from "./sessions";

const STEP_TEXT: Record<PayStep, string> = {
  preparing: "Preparing the transaction…",
  signing: "Approve the request in your wallet…",
  confirming: "Submitting your payment…",
};

/** The options for the connected accounts; the buyer picks one and pays it through lib/wallet. */
export function PaymentOptions({
  paymentId,
  accounts,
  evm,
  solana,
}: {
  paymentId: string;
  accounts: string[];
  evm: EvmSession | null;
  solana: SolanaSession | null;
}) {
  const queryClient = useQueryClient();
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
  const selected = options.data?.find((o) => o.id === selectedId) ?? null;
  const pay = useMutation({
    mutationFn: () => payOption(paymentId, selected!, { evm, solana }, setStep),
    onSuccess: (result) => queryClient.setQueryData(statusKey(paymentId), toStatusView(result)),
    onError: (error) => {
      // A lapsed quote or option: offer fresh ones rather than a dead end.
      if (describePayError(error).refreshOptions) void options.refetch();
    },
    onSettled: () => setStep(null),
  });

  if (options.isPending)
    return (
      <p className="muted" role="status">
        Finding ways to pay…
      </p>
    );
  if (options.isError)
    return (
      <p className="error" role="alert">
        Could not load payment options. {describePayError(options.error).message}
      </p>
    );
  if (options.data.length === 0) {
    return (
      <p className="muted" data-testid="no-options" role="status">
        The connected wallet holds no token this merchant accepts on the networks offered. Connect another wallet or
        account.
      </p>
    );
  }
  const error = pay.isError ? describePayError(pay.error) : null;
  return (
    <>
      <h2 id="options-heading">Pay with</h2>
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
        {selected ? `Pay ${selected.label}` : "Choose how to pay"}
      </button>
      {step ? (
        <p className="steps" role="status">
          {STEP_TEXT[step]}
        </p>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error.message}
        </p>
      ) : null}
    </>
  );
}
