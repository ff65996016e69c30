import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { ARTIFACTS } from "../support/server";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { expectAccessible } from "../support/e2e/axe";
import { signInAsNewUser } from "../support/e2e/dashboard-steps";
import { expect, test } from "../support/e2e/fixtures";

test("Webhooks: add an endpoint, copy its secret once, send a test event, see the attempt in the log, resend it", async ({
  page,
  baseUrl,
  merchant,
}) => {
  const hooks = await startWebhookReceiver();
  try {
    await signInAsNewUser(page, { baseUrl, merchantId: merchant.merchantId, tag: "webhooks" });
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

    // Every event type is ticked to start with.
    await expect(page.getByRole("checkbox", { name: "payment.succeeded" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "payment.refunded" })).toBeChecked();
    await page.getByLabel("Endpoint URL").fill(hooks.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const shown = page.getByTestId("webhook-secret-value");
    await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = (await shown.textContent())!;
    await expect(page.getByRole("button", { name: "Copy the signing secret" })).toBeVisible();
    const panel = page.locator("section[data-endpoint-id]");
    await expect(panel.getByRole("heading", { name: hooks.url })).toBeVisible();
    await expectAccessible(page);

    // Shown once: after a reload the page has no trace of it.
    await page.reload();
    await expect(panel.getByRole("heading", { name: hooks.url })).toBeVisible();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret.slice("whsec_".length));

    await panel.getByRole("button", { name: "Send test event" }).click();
    const log = panel.getByTestId("delivery-log");
    // The page refreshes itself while a delivery is on its way.
    await expect(log.locator('li[data-attempt="1"]').getByTestId("attempt-status")).toHaveText("200", {
      timeout: 15_000,
    });
    await expect(log.locator("tr[data-delivery-id]")).toContainText("payment.succeeded");
    await expect(log.locator("tr[data-delivery-id]")).toContainText("Delivered");

    await log.getByRole("button", { name: "Resend" }).click();
    await expect(log.locator('li[data-attempt="2"]').getByTestId("attempt-status")).toHaveText("200", {
      timeout: 15_000,
    });
    await expectAccessible(page);
    await page.screenshot({ path: join(ARTIFACTS, "dashboard-webhooks.png"), fullPage: true });

    // The receiver got the same signed event twice, and the secret shown verifies it.
    expect(hooks.received).toHaveLength(2);
    const events = hooks.received.map(
      (hit) =>
        new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as {
          id: string;
          data: { live: boolean };
        },
    );
    expect(events[0]!.data.live).toBe(false);
    expect(events[1]!.id).toBe(events[0]!.id);
  } finally {
    await hooks.close();
  }
});
