import type { Metadata, Viewport } from "next";
import { PosClient } from "@/components/pos/pos-client";
import "./pos.css";

export const metadata: Metadata = { title: "Point of sale", referrer: "no-referrer", robots: { index: false } };
export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f172a" };
// Rendered per request, so the proxy's CSP nonce reaches the page's scripts.
export const dynamic = "force-dynamic";

/** The point of sale for a phone or tablet at a counter; its key lives on the device (see PosApp). */
export default function PosPage() {
  return (
    <main className="pos-main">
      <PosClient />
      <noscript>
        <p>The point of sale needs JavaScript.</p>
      </noscript>
    </main>
  );
}
