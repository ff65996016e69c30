"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";
import { useCopyMessages } from "./use-copy-messages";

/** The payment link in a field that selects itself on focus, with a button that copies it. */
export function PaymentLinkField({ url }: { url: string }) {
  const t = useTranslations("checkout.share");
  const copyMessages = useCopyMessages();
  return (
    <div className="copy">
      <input
        readOnly
        value={url}
        aria-label={t("link")}
        onFocus={(e) => e.currentTarget.select()}
        data-testid="payment-link"
      />
      <CopyButton value={url} label={t("copy")} text={t("copy")} statusClassName="muted" messages={copyMessages} />
    </div>
  );
}
