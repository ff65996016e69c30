"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { can, type Permission } from "@/lib/team/permissions";

const LINKS: { href: string; label: string; needs?: Permission }[] = [
  { href: "/dashboard", label: "Overview", needs: "payments:read" },
  { href: "/dashboard/payments", label: "Payments", needs: "payments:read" },
  { href: "/dashboard/payment-links", label: "Payment links", needs: "payments:read" },
  { href: "/dashboard/fees", label: "Network fees", needs: "payments:read" },
  { href: "/dashboard/keys", label: "API keys", needs: "keys:manage" },
  { href: "/dashboard/webhooks", label: "Webhooks", needs: "webhooks:manage" },
  { href: "/dashboard/settings", label: "Settings", needs: "settings:manage" },
  { href: "/dashboard/team", label: "Team", needs: "team:manage" },
  { href: "/dashboard/audit", label: "Audit log", needs: "audit:read" },
  { href: "/dashboard/account", label: "Account" },
];

/**
 * The dashboard's sections the member's role may see (the pages check again on the server); only
 * Account while the team's two-factor rule holds them. The current one is marked for screen readers.
 */
export function NavLinks({ role, twoFactorMissing }: { role: string; twoFactorMissing: boolean }) {
  const path = usePathname();
  const shown = LINKS.filter((l) => !l.needs || (!twoFactorMissing && can(role, l.needs)));
  return (
    <nav className="dash-nav" aria-label="Dashboard">
      <ul>
        {shown.map((link) => {
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
