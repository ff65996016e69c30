import Image from "next/image";
import { formatTokenAmount } from "./format-token-amount";
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
  const d = option.amount.display;
  return (
    <li>
      <button type="button" aria-pressed={selected} disabled={disabled} onClick={onSelect}>
        {d.iconUrl ? (
          <Image src={d.iconUrl} alt="" width={28} height={28} unoptimized />
        ) : (
          <span className="initial" aria-hidden="true" />
        )}
        <span className="option-main">
          <span className="option-amount">
            {formatTokenAmount(option.amount.value, d.decimals)} {d.assetSymbol}
          </span>
          <span className="muted">
            on {d.networkName ?? option.chainId}
            {d.networkIconUrl ? (
              <Image src={d.networkIconUrl} alt="" width={14} height={14} unoptimized className="network-icon" />
            ) : null}
          </span>
          {option.rate ? <RateNote rate={option.rate} symbol={d.assetSymbol} /> : null}
        </span>
        <span className="badge">{feeNote(option)}</span>
      </button>
    </li>
  );
}

/** EIP-3009 and Solana (service fee payer) cost the buyer no gas; a plain ERC-20 transfer does. */
function feeNote(option: CheckoutOption): string {
  if (option.kind === "typed_data" || option.kind === "solana") return "No gas fee";
  return "Network fee applies";
}
