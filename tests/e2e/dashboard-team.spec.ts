import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { payments } from "@/db/schema";
import { newId } from "@/lib/ids";
import { expectAccessible } from "../support/e2e/axe";
import { uniqueClientIp } from "../support/client-ip";
import { mailingServerForFile } from "../support/e2e/mailing-server";
import { signUpInBrowser, uniqueEmail } from "../support/e2e/dashboard-steps";
import { expect, test, withTestDb } from "../support/e2e/fixtures";

// A team, in the browser, against a server of the same build that sends email through a real SMTP
// server on loopback: the owner invites a viewer; the viewer joins from the emailed link and lands in
// the merchant's dashboard; the server refuses the viewer a refund; the owner requires two-factor
// sign-in and the viewer can do nothing but enrol, then can again.

const mailing = mailingServerForFile("e2e-team");

async function enrolTotp(page: Page) {
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!;
  await page.getByLabel("Code from the app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("code")).toHaveCount(10);
}

test("invite a viewer by email, who joins, is refused a refund by the server, and is held until two-factor", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { server, sink } = mailing;
  const base = server.url;
  await signUpInBrowser(page, {
    baseUrl: base,
    businessName: "Team Shop",
    email: uniqueEmail("owner"),
    password: "the owner's passphrase",
  });
  const merchantId = (await (await page.request.get(`${base}/dashboard/api/session`)).json()).merchant.id as string;

  // The owner invites a viewer from the Team page.
  const email = uniqueEmail("viewer");
  await page.getByRole("link", { name: "Team" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByTestId("invitations")).toContainText(`${email} as viewer`);
  await expectAccessible(page);
  const mail = await sink.waitFor((m) => m.to.includes(email));
  const link = /https?:\/\/\S+\/dashboard\/join#token=[A-Za-z0-9_-]{43}/.exec(mail.text)![0];

  // The viewer opens the link in a browser of their own, chooses a password and lands in the dashboard.
  const viewerContext = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": uniqueClientIp() } });
  const viewer = await viewerContext.newPage();
  await viewer.goto(link);
  await expect(viewer.getByTestId("invitation")).toHaveText(`Join Team Shop as viewer with the account ${email}.`);
  await expectAccessible(viewer);
  await viewer.getByLabel("Password").fill("the viewer's passphrase");
  await viewer.getByRole("button", { name: "Join the team" }).click();
  await expect(viewer).toHaveURL(`${base}/dashboard`, { timeout: 30_000 });
  await expect(viewer.getByTestId("merchant-name")).toHaveText("Team Shop");
  await expect(viewer.getByRole("link", { name: "Payments" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(viewer.getByRole("link", { name: "Team" })).toHaveCount(0);
  await viewer.goto(`${base}/dashboard/keys`);
  await expect(viewer.getByTestId("missing-permission")).toContainText("You need the permission keys:manage");

  // A refund, sent as the viewer's browser would (session cookie, CSRF token, our Origin): refused by the server.
  const paymentId = newId("pay");
  await withTestDb((db) =>
    db.insert(payments).values({
      id: paymentId,
      merchantId,
      referenceId: "team-refund",
      fiatCurrency: "USD",
      fiatAmount: 1000n,
      expiresAt: new Date(Date.now() + 3600_000),
      status: "succeeded",
    }),
  );
  const { csrfToken } = await (await viewer.request.get(`${base}/dashboard/api/session`)).json();
  const refund = await viewer.request.post(`${base}/dashboard/api/payments/${paymentId}/refund`, {
    headers: { origin: base, "x-csrf-token": csrfToken },
    data: { txHash: `0x${"ab".repeat(32)}` },
  });
  expect(refund.status()).toBe(403);
  expect(await refund.json()).toMatchObject({ code: "insufficient_permission", message: /refunds:write/ });

  // The owner turns on two-factor sign-in, then requires it of the team.
  await page.goto(`${base}/dashboard/account`);
  await enrolTotp(page);
  await page.goto(`${base}/dashboard/team`);
  await page.getByRole("button", { name: "Require two-factor sign-in" }).click();
  await expect(page.getByTestId("team-two-factor-state")).toContainText(
    "Every member must sign in with a second factor",
  );

  // The viewer is held on the Account page until they enrol, then the dashboard is theirs again.
  await viewer.goto(`${base}/dashboard/payments`);
  await expect(viewer).toHaveURL(/\/dashboard\/account/);
  await expect(viewer.getByTestId("two-factor-required")).toContainText("Your team requires two-factor sign-in");
  await expect(viewer.getByRole("link", { name: "Payments" })).toHaveCount(0);
  const held = await viewer.request.get(`${base}/dashboard/api/payments/export`);
  expect(held.status()).toBe(403);
  expect((await held.json()).code).toBe("two_factor_required");
  await enrolTotp(viewer);
  await viewer.goto(`${base}/dashboard/payments`);
  await expect(viewer.getByRole("heading", { name: "Payments", exact: true })).toBeVisible();
  await expect(viewer.getByTestId("two-factor-required")).toHaveCount(0);
  await viewerContext.close();
});
