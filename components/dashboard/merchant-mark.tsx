/** The merchant's icon, or its initial when it has none. */
export function MerchantMark({ name, iconUrl }: { name: string; iconUrl: string | null }) {
  return iconUrl ? (
    // eslint-disable-next-line @next/next/no-img-element -- a merchant-supplied URL or data: URL, not a static asset
    <img src={iconUrl} alt="" width={32} height={32} />
  ) : (
    <span className="dash-initial" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
