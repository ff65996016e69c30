import Image from "next/image";
import { useTranslations } from "next-intl";

export function WalletButton({
  name,
  icon,
  kind,
  busy,
  onClick,
}: {
  name: string;
  icon?: string;
  kind: "EVM" | "Solana";
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" onClick={onClick} disabled={busy}>
      {/* Wallets announce their icons as data: URLs: nothing for the optimizer to fetch. */}
      {icon ? (
        <Image src={icon} alt="" width={28} height={28} unoptimized />
      ) : (
        <span className="initial" aria-hidden="true" />
      )}
      <span className="option-main">{name}</span>
      <span className="muted">{kind}</span>
    </button>
  );
}

export function ConnectedRow({
  kind,
  name,
  account,
  onDisconnect,
}: {
  kind: "EVM" | "Solana";
  name: string;
  account: string;
  onDisconnect: () => void;
}) {
  const t = useTranslations("checkout.wallet");
  return (
    <li className="connected" data-testid={`connected-${kind.toLowerCase()}`}>
      <span>
        {name} <span className="mono" dir="ltr" title={account}>{`${account.slice(0, 6)}…${account.slice(-4)}`}</span>
      </span>
      <button type="button" onClick={onDisconnect}>
        {t("disconnect")} <span className="sr-only">{name}</span>
      </button>
    </li>
  );
}
