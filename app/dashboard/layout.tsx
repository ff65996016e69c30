import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./dashboard.css";

export const metadata: Metadata = {
  title: { template: "%s · Dashboard", default: "Dashboard" },
  robots: { index: false },
};

/** Every dashboard page, signed in or not: its own styles under `.dash`. */
export default function DashboardRoot({ children }: { children: ReactNode }) {
  return <div className="dash">{children}</div>;
}
