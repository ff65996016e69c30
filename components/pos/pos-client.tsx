"use client";

import dynamic from "next/dynamic";

/** The point of sale runs in the browser only: its key lives in the device's storage, never on a server. */
export const PosClient = dynamic(() => import("./pos-app").then((m) => m.PosApp), {
  ssr: false,
  loading: () => <p className="pos-loading">Loading…</p>,
});
