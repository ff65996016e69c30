import Image from "next/image";

/** The merchant's icon, or its initial when it has none. */
export function MerchantMark({ name, iconUrl }: { name: string; iconUrl: string | null }) {
  return iconUrl ? (
    // A merchant-supplied https: or data: URL: shown as it is, not through the image optimizer.
    <Image src={iconUrl} alt="" width={32} height={32} unoptimized />
  ) : (
    <span className="dash-initial" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
