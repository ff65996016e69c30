import Image from "next/image";
import { useLocale, useTranslations } from "next-intl";
import { formatTokenAmount } from "@/lib/i18n/format-amount";
import type { CheckoutOption } from "./pay-option";
import { RateNote } from "./rate-note";

/** One way to pay: amount and token, network, and what the buyer pays in fees. */
export function OptionRow({
  option,
  selected,
  disabled,
  onSelect,
}: {
  option: CheckoutOption;
  selected: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  const t = useTranslations("checkout.wallet");
  const locale = useLocale();
  const d = option.amount.display;
  // EIP-3009 and Solana (service fee payer) cost the buyer no gas; a plain ERC-20 transfer does.
  const gasless = option.kind === "typed_data" || option.kind === "solana";
  return (
    <li>
      <button type="button" aria-pressed={selected} disabled={disabled} onClick={onSelect}>
        {d.iconUrl ? (
          <Image src={d.iconUrl} alt="" width={28} height={28} unoptimized />
        ) : (
          <span className="initial" aria-hidden="true" />
        )}
        <span className="option-main">
          <span className="option-amount" dir="ltr">
            {formatTokenAmount(option.amount.value, d.decimals, locale)} {d.assetSymbol}
          </span>
          <span className="muted">
            {t("onNetwork", { network: d.networkName ?? option.chainId })}
            {d.networkIconUrl ? (
              <Image src={d.networkIconUrl} alt="" width={14} height={14} unoptimized className="network-icon" />
            ) : null}
          </span>
          {option.rate ? <RateNote rate={option.rate} symbol={d.assetSymbol} /> : null}
        </span>
        <span className="badge">{gasless ? t("noGasFee") : t("networkFee")}</span>
      </button>
    </li>
  );
}
