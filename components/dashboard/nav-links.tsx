"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/payments", label: "Payments" },
  { href: "/dashboard/payment-links", label: "Payment links" },
  { href: "/dashboard/fees", label: "Network fees" },
  { href: "/dashboard/keys", label: "API keys" },
  { href: "/dashboard/webhooks", label: "Webhooks" },
  { href: "/dashboard/settings", label: "Settings" },
  { href: "/dashboard/audit", label: "Audit log" },
  { href: "/dashboard/account", label: "Account" },
];

/** The dashboard's sections; the current one is marked for screen readers (aria-current). */
export function NavLinks() {
  const path = usePathname();
  return (
    <nav className="dash-nav" aria-label="Dashboard">
      <ul>
        {LINKS.map((link) => {
          const current = link.href === "/dashboard" ? path === link.href : path.startsWith(link.href);
          return (
            <li key={link.href}>
              <Link href={link.href} aria-current={current ? "page" : undefined}>
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
