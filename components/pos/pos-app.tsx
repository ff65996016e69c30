"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { intlLocale } from "@/lib/i18n/intl-locale";
import type { Locale } from "@/lib/i18n/locales";
import { ChargeScreen } from "./charge-screen";
import { Keypad } from "./keypad";
import {
  cancelCharge,
  createCharge,
  fetchSalesToday,
  PosApiError,
  type Charge,
  type PaymentStatus,
  type PosCredentials,
  type SalesToday,
} from "./pos-api";
import { forgetCredentials, loadCredentials } from "./pos-credentials";
import { PosSetup } from "./pos-setup";
import { ResultScreen } from "./result-screen";
import { SalesTodayView } from "./sales-today";
import { useChargeStatus } from "./use-charge-status";

type Merchant = { name: string; currency: string };

/**
 * The point of sale: set up from a dashboard link, then keypad, charge (a QR code of the payment's
 * requests with the live status), paid or not, a receipt, and today's sales. Everything it does, it
 * does with the device's POS key, which can create payments and read their status only.
 */
export function PosApp() {
  // Rendered in the browser only (pos-client.tsx), so the device's stored key is read at once.
  const [creds, setCreds] = useState<PosCredentials | null>(() => loadCredentials());
  const [merchant, setMerchant] = useState<Merchant | null>(null);
  // Which problem, not its words: the words follow the page's language.
  const [problem, setProblem] = useState<"keyRefused" | "unreachable" | null>(null);
  const t = useTranslations("pos");
  const locale = intlLocale(useLocale() as Locale);

  // A key is checked (and the merchant's name and currency learnt) with the one read it may make.
  useEffect(() => {
    if (!creds) return;
    let current = true;
    fetchSalesToday(creds).then(
      (today) => {
        if (!current) return;
        setMerchant(today.merchant);
        setProblem(null);
      },
      (err: unknown) => {
        if (!current) return;
        if (err instanceof PosApiError && err.unauthorized) {
          forgetCredentials();
          setCreds(null);
          setProblem("keyRefused");
        } else {
          setProblem("unreachable");
        }
      },
    );
    return () => {
      current = false;
    };
  }, [creds]);

  if (!creds) return <PosSetup problem={problem && t(problem)} onReady={setCreds} />;
  if (!merchant) return <p className="pos-loading">{problem ? t(problem) : t("loading")}</p>;
  return <Register creds={creds} merchant={merchant} locale={locale} />;
}

type Screen =
  | { kind: "keypad" }
  | { kind: "charge"; charge: Charge }
  | { kind: "result"; charge: Charge; status: PaymentStatus }
  | { kind: "sales"; data: SalesToday };

function Register({ creds, merchant, locale }: { creds: PosCredentials; merchant: Merchant; locale: string }) {
  const t = useTranslations("pos");
  const [screen, setScreen] = useState<Screen>({ kind: "keypad" });
  const [digits, setDigits] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One idempotency key per sale: pressing Charge again after a lost answer replays the same payment.
  const [saleKey, setSaleKey] = useState(() => crypto.randomUUID());

  async function charge() {
    setBusy(true);
    setError(null);
    try {
      setScreen({ kind: "charge", charge: await createCharge(creds, digits, saleKey) });
    } catch (err) {
      // The service's own message (English) says why; the page's words say what failed.
      setError(err instanceof PosApiError ? `${t("chargeFailed")} ${err.message}` : t("chargeFailed"));
    } finally {
      setBusy(false);
    }
  }

  function nextSale() {
    setDigits("");
    setSaleKey(crypto.randomUUID());
    setScreen({ kind: "keypad" });
  }

  async function cancelSale(charge: Charge) {
    setBusy(true);
    setError(null);
    try {
      await cancelCharge(charge.payment.paymentId);
      nextSale();
    } catch (err) {
      // Still on the charge screen: if the buyer paid meanwhile, its live status turns to paid.
      setError(err instanceof PosApiError ? `${t("cancelFailed")} ${err.message}` : t("cancelFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function showSales() {
    try {
      setScreen({ kind: "sales", data: await fetchSalesToday(creds) });
    } catch {
      setError(t("salesFailed"));
    }
  }

  return (
    <div className="pos" data-screen={screen.kind}>
      <header className="pos-header">
        <span className="pos-merchant" data-testid="pos-merchant">
          {merchant.name}
        </span>
        {screen.kind === "keypad" ? (
          <button type="button" className="pos-link" onClick={() => void showSales()}>
            {t("todaysSales")}
          </button>
        ) : null}
      </header>
      {error ? (
        <p role="alert" className="pos-error">
          {error}
        </p>
      ) : null}
      {screen.kind === "keypad" ? (
        <Keypad
          digits={digits}
          currency={merchant.currency}
          locale={locale}
          onChange={setDigits}
          onCharge={() => void charge()}
          busy={busy}
        />
      ) : null}
      {screen.kind === "charge" ? (
        <LiveCharge
          creds={creds}
          charge={screen.charge}
          locale={locale}
          onFinal={(status) => setScreen({ kind: "result", charge: screen.charge, status })}
          cancelling={busy}
          onCancel={() => void cancelSale(screen.charge)}
        />
      ) : null}
      {screen.kind === "result" ? (
        <ResultScreen
          charge={screen.charge}
          status={screen.status}
          locale={locale}
          merchantName={merchant.name}
          onNext={nextSale}
        />
      ) : null}
      {screen.kind === "sales" ? (
        <SalesTodayView data={screen.data} locale={locale} onBack={() => setScreen({ kind: "keypad" })} />
      ) : null}
    </div>
  );
}

function LiveCharge({
  creds,
  charge,
  locale,
  onFinal,
  onCancel,
  cancelling,
}: {
  creds: PosCredentials;
  charge: Charge;
  locale: string;
  onFinal: (status: PaymentStatus) => void;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const status = useChargeStatus(creds, charge.payment.paymentId);
  useEffect(() => {
    if (status?.isFinal) onFinal(status);
  }, [status, onFinal]);
  return (
    <ChargeScreen
      charge={charge}
      status={status?.status ?? charge.payment.status}
      locale={locale}
      onCancel={onCancel}
      cancelling={cancelling}
    />
  );
}
