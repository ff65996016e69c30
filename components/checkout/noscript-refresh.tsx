import { useTranslations } from "next-intl";
import type { CheckoutStatus } from "./use-payment-status";

const PENDING_REFRESH_SECONDS = 10;
const PROCESSING_REFRESH_SECONDS = 5;

/**
 * Without JavaScript the status poll never runs: an open payment's page reloads itself instead (at
 * the latest just after it expires), so the buyer who paid from a phone still sees it paid. Final
 * views render on the server and need nothing.
 */
export function NoscriptRefresh({
  status,
  expiresAt,
  renderedAt,
}: {
  status: CheckoutStatus;
  expiresAt: number;
  renderedAt: number;
}) {
  const t = useTranslations("checkout");
  if (status !== "pending" && status !== "processing") return null;
  const untilExpiry = Math.max(1, expiresAt - Math.floor(renderedAt / 1000) + 1);
  const seconds = status === "processing" ? PROCESSING_REFRESH_SECONDS : Math.min(PENDING_REFRESH_SECONDS, untilExpiry);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
      <p className="muted" data-testid="noscript-note">
        {t("noscript")}
      </p>
    </noscript>
  );
}
