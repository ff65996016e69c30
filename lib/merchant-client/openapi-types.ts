// Generated from the service's OpenAPI document (lib/openapi, served at /openapi.json) by
// `npm run client:generate` (scripts/gen-client.ts, openapi-typescript). Do not edit by hand: the lint step
// regenerates it and fails when this file differs.

/** The API version these types describe; the client sends it as WCP-Version. */
export const API_VERSION = "2026-02-19.preview";

export interface paths {
    "/v1/merchant/payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a payment (spec 3.1 statuses: pending …)
         * @description Requires the API key scope payments:create.
         */
        post: operations["createPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API key's merchant's payments with statistics
         * @description Requires the API key scope payments:read.
         */
        get: operations["listPartnerPayments"];
        put?: never;
        /**
         * Create a payment (the contract's statuses: requires_action …)
         * @description Requires the API key scope payments:create.
         */
        post: operations["paymentsCreatePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchant/payment/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify a payment's status (spec 3.1: a cancelled payment reads failed)
         * @description Requires the API key scope payments:status.
         */
        get: operations["getPaymentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A payment's status, with info once succeeded and failureCode once failed
         * @description Requires the API key scope payments:status.
         */
        get: operations["paymentsGetPaymentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A payment's detail: status, referenceId, info, failureCode, settlement
         * @description Requires the API key scope payments:read.
         */
        get: operations["paymentsGetPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payment that still requires action (reason cancelled_by_merchant)
         * @description Requires the API key scope payments:write.
         */
        post: operations["paymentsCancelPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments with statistics
         * @description Requires the API key scope payments:read.
         */
        get: operations["listMerchantPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchant_id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a merchant's payments (deprecated: use GET /v1/merchants/payments)
         * @deprecated
         * @description Requires the API key scope payments:read.
         */
        get: operations["listMerchantPaymentsDeprecated"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List this partner's merchants, newest first */
        get: operations["MerchantManagement_list"];
        put?: never;
        /** Create a merchant owned by this partner */
        post: operations["MerchantManagement_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A merchant with its settlements */
        get: operations["MerchantManagement_get"];
        put?: never;
        post?: never;
        /** Delete a merchant (its keys stop working; its payments stay on record) */
        delete: operations["MerchantManagement_delete"];
        options?: never;
        head?: never;
        /** Change a merchant's name, email or icon */
        patch: operations["MerchantManagement_update"];
        trace?: never;
    };
    "/v1/merchants/{merchantId}/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where a merchant is paid, per asset */
        get: operations["Settlements_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/settlements/crypto": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set destinations for assets that have none (one per asset) */
        post: operations["CryptoSettlement_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/merchants/{merchantId}/settlements/crypto/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace the destination of one asset */
        put: operations["CryptoSettlement_update"];
        post?: never;
        /** Remove a destination set through this API */
        delete: operations["CryptoSettlement_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a succeeded payment refunded (bookkeeping: the merchant refunds the buyer from its own wallet)
         * @description Requires the API key scope refunds:write.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's endpoints, newest first (never their secrets)
         * @description Requires the API key scope webhooks:manage.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register an https endpoint for payment events; the signing secret is shown only in this answer
         * @description Requires the API key scope webhooks:manage.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an endpoint at once and for good; its pending deliveries fail with 'endpoint deleted'
         * @description Requires the API key scope webhooks:manage.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret (shown once); the previous one keeps signing for 24 hours
         * @description Requires the API key scope webhooks:manage.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause an endpoint: no events are sent to it until it is enabled
         * @description Requires the API key scope webhooks:manage.
         */
        post: operations["disableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable an endpoint (paused, or disabled after 5 failing days); held deliveries go out
         * @description Requires the API key scope webhooks:manage.
         */
        post: operations["enableWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a sample event (live: false) of a type to this endpoint only; the body may be omitted
         * @description Requires the API key scope webhooks:manage.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint's delivery log, newest first, each delivery with its attempts
         * @description Requires the API key scope webhooks:manage.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one delivery again now (same event id and body)
         * @description Requires the API key scope webhooks:manage.
         */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/resend-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again every failed delivery of this endpoint made since a time
         * @description Requires the API key scope webhooks:manage.
         */
        post: operations["resendFailedWebhookDeliveries"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Transfers seen on chain to the merchant's receiving addresses, newest first, by status
         * @description Requires the API key scope payments:read.
         */
        get: operations["listTransfers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transfers/{id}/attach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach an unmatched, confirmed transfer to a payment: at least the price makes it succeeded (more: overpaid), less records underpaid, an already paid payment records duplicate
         * @description Requires the API key scope payments:read and payments:write.
         */
        post: operations["attachTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transfers/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set an unmatched transfer aside: it leaves the unmatched list and stays in the ledger
         * @description Requires the API key scope payments:read and payments:write.
         */
        post: operations["dismissTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The merchant's payment links, newest first, each with its payments' totals
         * @description Requires the API key scope links:manage.
         */
        get: operations["listPaymentLinks"];
        put?: never;
        /**
         * Make a reusable payment link in the merchant's currency: a fixed amount, or an amount the buyer enters between a minimum and a maximum
         * @description Requires the API key scope links:manage.
         */
        post: operations["createPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One payment link with its totals
         * @description Requires the API key scope links:manage.
         */
        get: operations["getPaymentLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a link's description or redirects, or disable (active: false) and enable it; amounts cannot change
         * @description Requires the API key scope links:manage.
         */
        patch: operations["updatePaymentLink"];
        trace?: never;
    };
    "/v1/payment-links/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The payments buyers made through a link, newest first, with the link's totals
         * @description Requires the API key scope links:manage.
         */
        get: operations["listPaymentLinkPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment-links/{id}/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A buyer pays through a link (no credentials; what the link's page calls): creates a payment for the link's amount or the buyer's, and answers its checkout. Rate-limited per client address */
        post: operations["payPaymentLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pos/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A sale at the counter: a payment in the merchant's currency and its payment requests (the QR codes), in one call. Idempotency-Key makes a retried charge replay the first (200)
         * @description Requires the API key scope payments:create.
         */
        post: operations["createPosCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pos/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sales this point-of-sale key made since `since` (at most 48 hours back), with totals
         * @description Requires the API key scope pos:sales.
         */
        get: operations["listPosSales"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gateway/payment/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment info for wallets */
        get: operations["getPaymentInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gateway/payment/{id}/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Payment options for the wallet's accounts */
        post: operations["getPaymentOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gateway/payment/{id}/fetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resolve a build action into wallet actions */
        post: operations["fetchActions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gateway/payment/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm with the wallet's results */
        post: operations["confirmPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gateway/payment/{id}/payment-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payment requests a phone wallet pays by scanning (Solana Pay transfer requests, EIP-681) */
        get: operations["getPaymentRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gateway/payment/{id}/solana-pay/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Solana Pay transaction request: the merchant's label and icon */
        get: operations["getSolanaPayLabel"];
        put?: never;
        /** Solana Pay transaction request: the transfer for the wallet's account, co-signed by the service's fee payer (the quote is stored first) */
        post: operations["createSolanaPayTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gateway/payment/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The payment's status for wallets */
        get: operations["getGatewayPaymentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gateway/payment/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The buyer cancels a payment that still requires action (reason cancelled_by_user) */
        post: operations["gatewayCancelPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Details for operators: networks and their RPC endpoints, gas keys, watcher and webhook backlog (503 when the database does not answer) */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness for a load balancer: 503 while draining, or when the database, its migrations or the networks are not there */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/livez": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process runs (touches nothing else) */
        get: operations["livez"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Payment: {
            /** @example pay_3x9Zq1Lk0aBcDeFgHiJkLm */
            paymentId: string;
            /** Format: uri */
            gatewayUrl: string;
            status: components["schemas"]["PaymentStatus"];
            /** @description Unix seconds */
            expiresAt: number;
            isFinal: boolean;
            pollInMs: number | null;
        };
        /** @enum {string} */
        PaymentStatus: "pending" | "processing" | "succeeded" | "failed" | "expired";
        Error: {
            /** @description Machine-readable code from the service's closed table */
            code: string;
            message: string;
            issues?: {
                field: string;
                message: string;
            }[];
        };
        CreatePaymentRequest: {
            amount: components["schemas"]["FiatAmount"];
            /** @description The merchant's own order or reference id */
            referenceId: string;
            /** @description Unix seconds, in the future and at most 30 days ahead; default (absent or null) 15 minutes from now */
            expiresAt?: number | null;
            /** @description Redirects are enabled only when both URLs are valid HTTPS URLs; otherwise the checkout shows generic views */
            checkout?: {
                successUrl?: string | null;
                errorUrl?: string | null;
            } | null;
        };
        FiatAmount: {
            /** @example iso4217/USD */
            unit: string;
            /**
             * @description Minor units of the currency (USD cents); whole units for currencies without a minor unit
             * @example 1250
             */
            value: string;
        };
        CreatePaymentResponse: {
            paymentId: string;
            /** Format: uri */
            gatewayUrl: string;
            status: components["schemas"]["ContractPaymentStatus"];
            expiresAt: number;
            isFinal: boolean;
            pollInMs: number | null;
        };
        /** @enum {string} */
        ContractPaymentStatus: "requires_action" | "processing" | "succeeded" | "failed" | "expired" | "cancelled";
        PaymentStatusResponse: {
            status: components["schemas"]["PaymentStatus"];
            isFinal: boolean;
            /** @description Suggested polling interval; null once the payment is final */
            pollInMs: number | null;
        };
        GetPaymentStatusResponse: {
            status: components["schemas"]["ContractPaymentStatus"];
            isFinal: boolean;
            pollInMs: number | null;
            info: components["schemas"]["PaymentInformation"];
            failureCode: components["schemas"]["PaymentFailureCode"];
        };
        PaymentInformation: {
            txId: string;
            optionAmount: {
                unit: string;
                value: string;
                display: {
                    assetSymbol: string;
                    assetName: string;
                    decimals: number;
                };
            };
        } | null;
        PaymentFailureCode: "declined_user" | null;
        PaymentsGetPaymentResponse: {
            status: components["schemas"]["ContractPaymentStatus"];
            referenceId: string;
            info: components["schemas"]["PaymentInformation"];
            failureCode: components["schemas"]["PaymentFailureCode"];
            /** @description Non-custodial: the buyer's transfer to the merchant's own address is the settlement */
            settlement: {
                successful: {
                    txId: string;
                    amount: {
                        unit: string;
                        value: string;
                        display: {
                            assetSymbol: string;
                            assetName: string;
                            decimals: number;
                        };
                    };
                } | null;
            } | null;
        };
        CancelPaymentResponse: {
            paymentId: string;
            status: components["schemas"]["ContractPaymentStatus"];
            cancelledReason: string;
            /** @description ISO 8601 */
            cancelledAt: string;
        };
        MerchantPaymentsResponse: {
            data: components["schemas"]["MerchantPayment"][];
            nextCursor: string | null;
            stats: {
                totalRevenue: {
                    amount: number;
                    currency: string;
                }[];
                totalTransactions: number;
                totalCustomers: number;
            };
        };
        MerchantPayment: {
            paymentId: string;
            merchant: {
                id: string;
                name?: string;
                iconUrl?: string | null;
            };
            referenceId: string;
            /** @enum {string} */
            status: "requires_action" | "processing" | "succeeded" | "failed" | "expired" | "cancelled";
            isTerminal: boolean;
            fiatAmount?: components["schemas"]["MerchantPaymentFiatAmount"];
            tokenAmount?: components["schemas"]["MerchantPaymentTokenAmount"];
            buyer?: {
                accountCaip10: string;
                accountProviderName?: string;
                accountProviderIcon?: string;
            };
            transaction?: {
                networkId: string;
                hash?: string;
                nonce?: number;
            };
            settlement?: components["schemas"]["MerchantPaymentSettlement"];
            createdAt: string;
            lastUpdatedAt: string;
            settledAt?: string;
            /**
             * @description Money that arrived outside the happy path, for the merchant to resolve
             * @enum {string}
             */
            exception?: "paid_late" | "underpaid" | "overpaid" | "duplicate" | "reorged" | "stuck";
            /** @description When the merchant marked the payment refunded (bookkeeping; status stays succeeded) */
            refundedAt?: string;
        };
        MerchantPaymentFiatAmount: {
            unit: string;
            /** @description Minor units of the currency, as a string */
            value: string;
            display: {
                assetSymbol: string;
                assetName: string;
                decimals: number;
            };
        };
        MerchantPaymentTokenAmount: {
            unit: string;
            /** @description Token base units, as a string */
            value: string;
            display: {
                assetSymbol: string;
                assetName: string;
                decimals: number;
                iconUrl?: string;
                networkName?: string;
                networkIconUrl?: string;
            } | null;
        };
        MerchantPaymentSettlement: {
            settled: boolean;
            amount?: components["schemas"]["MerchantPaymentFiatAmount"] | components["schemas"]["MerchantPaymentTokenAmount"];
            txHash?: string;
        };
        PaymentListing: {
            data: components["schemas"]["ListedPayment"][];
            next_cursor?: string | null;
            stats: {
                total_customers: number;
                total_revenue: {
                    amount: number;
                    currency: string;
                };
                total_transactions: number;
            };
        };
        ListedPayment: {
            payment_id: string;
            merchant_id: string;
            reference_id: string;
            /** @enum {string} */
            status: "requires_action" | "processing" | "succeeded" | "failed" | "expired";
            is_terminal: boolean;
            wallet_name: string;
            chain_id: string | null;
            buyer_caip10: string | null;
            token_caip19: string | null;
            tx_hash: string | null;
            nonce: number | null;
            token_amount: string | null;
            fiat_amount: number | null;
            fiat_currency: string | null;
            created_at: string | null;
            last_updated_at: string | null;
            settled_at: string | null;
            settlement_status: string | null;
            settlement_tx_hash: string | null;
            token_symbol: string;
            token_decimals: number;
            token_logo: string;
            chain_logo: string;
            wallet_logo: string;
            /** @enum {string} */
            exception?: "paid_late" | "underpaid" | "overpaid" | "duplicate" | "reorged" | "stuck";
            refunded_at?: string;
        };
        CreateMerchantRequest: {
            merchantName: string;
            merchantEmail: string;
            /** @default null */
            iconUrl: string | null;
        };
        PlatformMerchant: {
            id: string;
            name: string;
            email: string | null;
            /** @enum {string} */
            status: "active" | "inactive" | "suspended";
            iconUrl: string | null;
            /** @description ISO 8601 */
            createdAt: string;
        };
        Settlements: {
            fiat: {
                id: string;
                status: string;
                bankType: string;
            }[];
            crypto: components["schemas"]["CryptoSettlement"][];
        };
        CryptoSettlement: {
            id: string;
            asset: string;
            destination: string;
        };
        UpdateMerchantRequest: {
            merchantName?: string;
            merchantEmail?: string;
            iconUrl?: string | null;
        };
        CreateCryptoSettlementsRequest: {
            settlements: {
                asset: string;
                destination: string;
            }[];
        };
        UpdateCryptoSettlementRequest: {
            destination: string;
        };
        RefundResponse: {
            paymentId: string;
        };
        RefundRequest: {
            paymentId: string;
        };
        CreatedWebhookEndpoint: {
            id: string;
            url: string;
            /** @description Event types sent; null means every type, including ones added later */
            events: ("payment.created" | "payment.processing" | "payment.succeeded" | "payment.failed" | "payment.expired" | "payment.cancelled" | "payment.settled" | "payment.refunded" | "payment.paid_late" | "payment.underpaid" | "payment.overpaid" | "payment.duplicate" | "payment.reorged" | "payment.stuck")[] | null;
            /** @description whsec_… signing secret; shown only here */
            secret: string;
            /** Format: date-time */
            createdAt: string;
        };
        CreateWebhookEndpointRequest: {
            /** @description https:// URL the events are POSTed to */
            url: string;
            /** @description Event types to send; omitted or empty: every type */
            events?: ("payment.created" | "payment.processing" | "payment.succeeded" | "payment.failed" | "payment.expired" | "payment.cancelled" | "payment.settled" | "payment.refunded" | "payment.paid_late" | "payment.underpaid" | "payment.overpaid" | "payment.duplicate" | "payment.reorged" | "payment.stuck")[];
        };
        WebhookEndpointList: {
            data: components["schemas"]["WebhookEndpoint"][];
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            /** @description Event types sent; null means every type, including ones added later */
            events: ("payment.created" | "payment.processing" | "payment.succeeded" | "payment.failed" | "payment.expired" | "payment.cancelled" | "payment.settled" | "payment.refunded" | "payment.paid_late" | "payment.underpaid" | "payment.overpaid" | "payment.duplicate" | "payment.reorged" | "payment.stuck")[] | null;
            disabled: boolean;
            /** @description merchant: paused by the merchant; failing: every attempt failed for WEBHOOK_DISABLE_AFTER (5 days) */
            disabledReason: ("merchant" | "failing") | null;
            disabledAt: string | null;
            /** @description Since when every attempt has failed; null after a success */
            failingSince: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        DeletedWebhookEndpoint: {
            id: string;
            /** @constant */
            deleted: true;
        };
        RotatedWebhookSecret: {
            id: string;
            /** @description The new whsec_… secret; shown only here */
            secret: string;
            /**
             * Format: date-time
             * @description Until then the old secret signs too
             */
            previousSecretExpiresAt: string;
        };
        SentTestWebhook: {
            eventId: string;
            deliveryId: string;
        };
        SendTestWebhookRequest: {
            /**
             * @description Event type of the sample; default payment.succeeded
             * @enum {string}
             */
            type?: "payment.created" | "payment.processing" | "payment.succeeded" | "payment.failed" | "payment.expired" | "payment.cancelled" | "payment.settled" | "payment.refunded" | "payment.paid_late" | "payment.underpaid" | "payment.overpaid" | "payment.duplicate" | "payment.reorged" | "payment.stuck";
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Pass as cursor for older deliveries; null on the last page */
            nextCursor: string | null;
        };
        WebhookDelivery: {
            id: string;
            eventId: string;
            eventType: string;
            /** @description Null for test events */
            paymentId: string | null;
            live: boolean;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attemptCount: number;
            nextAttemptAt: string | null;
            lastStatusCode: number | null;
            lastError: string | null;
            /** Format: date-time */
            createdAt: string;
            deliveredAt: string | null;
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        WebhookAttempt: {
            attempt: number;
            /** Format: date-time */
            startedAt: string;
            /** @description Null when no answer came (refused, timed out, connection error) */
            statusCode: number | null;
            durationMs: number;
            /** @description The first 1 KB of the answer */
            responseBody: string | null;
            error: string | null;
        };
        ResentWebhookDelivery: {
            id: string;
            /** @constant */
            status: "pending";
        };
        ResentWebhookDeliveries: {
            /** @description How many failed deliveries were queued again */
            resent: number;
        };
        ResendFailedWebhookDeliveriesRequest: {
            /**
             * Format: date-time
             * @description Resend failed deliveries made at or after this time
             */
            since: string;
        };
        ChainTransferList: {
            data: components["schemas"]["ChainTransfer"][];
            /** @description Pass as cursor for older transfers; null on the last page */
            nextCursor: string | null;
        };
        ChainTransfer: {
            id: string;
            /**
             * @description bound: it carried a payment option's reference; unmatched: it binds to no payment; attached: the merchant tied it to a payment; dismissed: the merchant set it aside
             * @enum {string}
             */
            status: "bound" | "unmatched" | "attached" | "dismissed";
            /**
             * @description seen: mined, not yet deep enough; counted: confirmed; final: past finality; reorged: out of the chain for now; dropped: gone
             * @enum {string}
             */
            state: "seen" | "counted" | "final" | "reorged" | "dropped";
            chainId: string;
            networkName: string | null;
            txHash: string;
            explorerUrl: string | null;
            sender: string;
            recipient: string;
            amount: components["schemas"]["TransferAmount"];
            paymentId: string | null;
            blockNumber: string | null;
            blockTime: string | null;
            /**
             * Format: date-time
             * @description When the service first saw it on chain
             */
            observedAt: string;
            /** @description Who attached or dismissed it: a dashboard user's email, or api:<key id> */
            resolvedBy: string | null;
            resolvedAt: string | null;
        };
        TransferAmount: {
            /** @description caip19/<the asset's CAIP-19 id> */
            unit: string;
            /** @description Base units of the asset, as a decimal string */
            value: string;
            /** @description From the networks configuration; null when the asset is no longer configured */
            display: {
                assetSymbol: string;
                assetName: string;
                decimals: number;
            } | null;
        };
        AttachTransferResponse: {
            transfer: components["schemas"]["ChainTransfer"];
            payment: {
                paymentId: string;
                status: components["schemas"]["ContractPaymentStatus"];
                /** @description underpaid or overpaid when the amount differed; duplicate when it was already paid */
                exception: string | null;
            };
        };
        AttachTransferRequest: {
            paymentId: string;
        };
        PaymentLink: {
            id: string;
            /**
             * Format: uri
             * @description The page buyers open to pay
             */
            url: string;
            active: boolean;
            description: string;
            /** @example USD */
            currency: string;
            /** @description The fixed price; null when the buyer enters the amount */
            amount: string | null;
            minimumAmount: string | null;
            maximumAmount: string | null;
            checkout: {
                successUrl: string;
                errorUrl: string;
            } | null;
            totals: components["schemas"]["PaymentLinkTotals"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        PaymentLinkTotals: {
            /** @description Payments made through the link, in any status */
            payments: number;
            succeeded: number;
            /** @description Sum of the succeeded payments' amounts */
            amountPaid: string;
        };
        CreatePaymentLinkRequest: {
            /** @description What the buyer pays for, shown on the link's page */
            description: string;
            /**
             * @description A fixed price in minor units; or give minimumAmount and maximumAmount
             * @example 1250
             */
            amount?: string;
            /**
             * @description The least the buyer may enter (minor units, inclusive)
             * @example 1250
             */
            minimumAmount?: string;
            /**
             * @description The most the buyer may enter (minor units, inclusive)
             * @example 1250
             */
            maximumAmount?: string;
            checkout?: components["schemas"]["PaymentLinkRedirects"] | null;
        };
        /** @description Where the checkout sends the buyer after a payment succeeds or fails; both HTTPS */
        PaymentLinkRedirects: {
            successUrl: string;
            errorUrl: string;
        };
        PaymentLinkList: {
            data: components["schemas"]["PaymentLink"][];
            nextCursor: string | null;
        };
        UpdatePaymentLinkRequest: {
            description?: string;
            /** @description null removes the redirects */
            checkout?: components["schemas"]["PaymentLinkRedirects"] | null;
            /** @description false: the link stops accepting payments */
            active?: boolean;
        };
        PaymentLinkPayments: {
            totals: components["schemas"]["PaymentLinkTotals"];
            data: components["schemas"]["PaymentLinkPayment"][];
            nextCursor: string | null;
        };
        PaymentLinkPayment: {
            paymentId: string;
            referenceId: string;
            /** @description The public contract's status: requires_action, processing, succeeded, … */
            status: string;
            currency: string;
            /** @description Minor units of currency, as a decimal string */
            amount: string;
            /** Format: date-time */
            createdAt: string;
        };
        PaymentLinkCheckout: {
            paymentId: string;
            /**
             * Format: uri
             * @description The checkout; send the buyer there
             */
            gatewayUrl: string;
            /** @description Unix seconds */
            expiresAt: number;
        };
        PayPaymentLinkRequest: {
            /**
             * @description Minor units within the link's minimum..maximum; absent for a fixed price
             * @example 1250
             */
            amount?: string;
        };
        PosCharge: {
            payment: {
                paymentId: string;
                /** Format: uri */
                gatewayUrl: string;
                status: components["schemas"]["ContractPaymentStatus"];
                expiresAt: number;
                isFinal: boolean;
                pollInMs: number | null;
                amount: {
                    /** @description Minor units */
                    value: string;
                    /** @example EUR */
                    currency: string;
                };
                /** @description `POS <Idempotency-Key>`, or a random id without one */
                referenceId: string;
            };
            merchantName: string;
            requests: components["schemas"]["PaymentRequest"][];
        };
        PaymentRequest: {
            /**
             * @description CAIP-2 network
             * @example eip155:1
             */
            chainId: string;
            /** @description CAIP-19 of the token or native coin */
            asset: string;
            amount: {
                /** @description Base units, exactly what the request asks for */
                value: string;
                /** @description Symbol, decimals, network name, icons */
                display: {
                    [key: string]: unknown;
                };
            };
            /**
             * @description solana-pay-transaction: `solana:<link>`, a Solana Pay transaction request (GET the link for `{label, icon}`, POST `{account}` for `{transaction, message}`: the transfer the service builds, co-signed by its fee payer, carrying the reference key of the quote stored for that account), listed before the transfer request of the same asset and only on a service served over https; solana-pay-transfer: `solana:<merchant>?amount=<decimal>&spl-token=<mint>&reference=<key>&label=…&message=…&memo=…`, bound to the payment by its reference key; eip681: `ethereum:<token>@<chainId>/transfer?address=<merchant>&uint256=<amount>` or `ethereum:<merchant>@<chainId>?value=<wei>`, bound to the payment by its unique amount
             * @enum {string}
             */
            kind: "solana-pay-transaction" | "solana-pay-transfer" | "eip681";
            uri: string;
            /** @description Unix seconds: the quote holds until then */
            expiresAt: number;
        };
        PosChargeRequest: {
            /** @description Minor units of the merchant's currency */
            amount: string;
        };
        PosSales: {
            merchant: {
                name: string;
                currency: string;
            };
            /** @description ISO 8601 */
            since: string;
            totals: {
                sales: number;
                /** @description Sales still waiting for payment or confirming */
                open: number;
                paid: {
                    /** @example EUR */
                    currency: string;
                    count: number;
                    /** @description Minor units paid */
                    amount: string;
                    /** @description Minor units of those later marked refunded */
                    refunded: string;
                }[];
            };
            sales: {
                paymentId: string;
                referenceId: string;
                status: components["schemas"]["ContractPaymentStatus"];
                amount: {
                    /** @description Minor units */
                    value: string;
                    /** @example EUR */
                    currency: string;
                };
                createdAt: string;
                refunded: boolean;
            }[];
        };
        PaymentInfo: {
            [key: string]: unknown;
        };
        PaymentOptions: {
            [key: string]: unknown;
        };
        GetPaymentOptionsRequest: {
            accounts: string[];
            refresh?: string[] | null;
        };
        FetchedActions: {
            [key: string]: unknown;
        };
        FetchActionsRequest: {
            optionId: string;
            data: string;
        };
        GatewayStatus: {
            [key: string]: unknown;
        };
        ConfirmPaymentRequest: {
            optionId: string;
            results: (string | {
                /** @constant */
                type: "walletRpc";
                data: string[];
            })[];
            collectedData?: unknown;
        };
        PaymentRequests: {
            requests: components["schemas"]["PaymentRequest"][];
        };
        SolanaPayLabel: {
            /** @description The merchant's name */
            label: string;
            /** @description Absolute URL of an SVG, PNG or WebP icon */
            icon: string;
        };
        SolanaPayTransaction: {
            /** @description Base64 of a legacy transaction: the transfer to the merchant with the quote's reference key and memo, fee payer the service's (its signature is there), missing only the account's signature */
            transaction: string;
            /** @description What the wallet shows the buyer */
            message: string;
        };
        SolanaPayTransactionRequest: {
            /** @description The wallet's account: it pays the transfer and signs the transaction */
            account: string;
        };
        HealthReport: {
            /**
             * @description unavailable: the database does not answer (503). degraded (still 200): something needs attention, named in reasons
             * @enum {string}
             */
            status: "ok" | "degraded" | "unavailable";
            /** @enum {string} */
            database: "ok" | "unreachable";
            gas: components["schemas"]["GasBalance"][];
            /** @description Each configured network and its RPC endpoints */
            rpc: components["schemas"]["RpcNetworkHealth"][];
            /** @description Transfers due for the settlement watcher's look */
            watcher: {
                /** @description Items due now, across every instance */
                due: number;
                /** @description How long the oldest of them has been due */
                oldestDueSeconds: number;
            };
            /** @description Webhook deliveries due for an attempt */
            webhooks: {
                /** @description Items due now, across every instance */
                due: number;
                /** @description How long the oldest of them has been due */
                oldestDueSeconds: number;
            };
            /** @description This instance is shutting down (/readyz answers 503) */
            draining: boolean;
            /** @description What makes the status degraded or unavailable */
            reasons: string[];
        };
        GasBalance: {
            /** @description CAIP-2 chain id */
            network: string;
            name: string;
            /** @description The gas key's public address (EVM relayer, Solana fee payer) */
            address: string;
            /** @description Decimal in the native coin; null when unreadable */
            balance: string | null;
            /** @description The balance in base units (wei, lamports); null when unreadable */
            baseUnits: string | null;
            symbol: string;
            /** @description Decimal in the native coin: under it the status is low */
            warnBelow: string;
            /** @enum {string} */
            status: "ok" | "low" | "unknown";
            /** @description When the chain was last asked (ISO 8601); null before the first reading */
            checkedAt: string | null;
        };
        RpcNetworkHealth: {
            /** @description CAIP-2 chain id */
            network: string;
            name: string;
            endpoints: components["schemas"]["RpcEndpointHealth"][];
        };
        RpcEndpointHealth: {
            /** @description The endpoint's host (and port); never its path, query or credentials, which may hold a provider key */
            host: string;
            /**
             * @description ok: its last call was answered; failing: it was not (refused, timed out, non-2xx); unknown: not called yet
             * @enum {string}
             */
            state: "ok" | "failing" | "unknown";
            /** @description Mean time of its recent answered calls */
            latencyMs: number | null;
            /** @description Why its last failed call failed */
            lastError: string | null;
            /** @description When its current run of failures began (ISO 8601) */
            failingSince: string | null;
            /** @description When it last answered (ISO 8601) */
            lastOkAt: string | null;
        };
        Readiness: {
            /** @enum {string} */
            status: "ready" | "unavailable";
            /** @description Why it is not ready: draining, database unreachable or migrations pending, networks not loaded */
            reasons: string[];
        };
        Health: {
            status: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and body return the same payment; same key with another body is 409 idempotency_conflict */
                "Idempotency-Key"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentRequest"];
            };
        };
        responses: {
            /** @description The payment; send the buyer to gatewayUrl */
            201: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPartnerPayments: {
        parameters: {
            query?: {
                startTs?: string;
                endTs?: string;
                token_symbol?: string[];
                asset?: string;
                network?: string;
                sortBy?: "date" | "amount";
                sortDir?: "asc" | "desc";
                cursor?: string;
                limit?: number;
                status?: ("requires_action" | "processing" | "succeeded" | "failed" | "expired" | "cancelled")[];
                referenceId?: string;
                merchantId?: string[];
                /**
                 * @deprecated
                 * @description Deprecated: use startTs
                 */
                start_ts?: string;
                /**
                 * @deprecated
                 * @description Deprecated: use endTs
                 */
                end_ts?: string;
                /**
                 * @deprecated
                 * @description Deprecated: use sortBy
                 */
                sort_by?: "date" | "amount";
                /**
                 * @deprecated
                 * @description Deprecated: use sortDir
                 */
                sort_dir?: "asc" | "desc";
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments and statistics over every match */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantPaymentsResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    paymentsCreatePayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Same key and body return the same payment; same key with another body is 409 idempotency_conflict */
                "Idempotency-Key"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentRequest"];
            };
        };
        responses: {
            /** @description The payment; send the buyer to gatewayUrl */
            201: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatePaymentResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentStatus: {
        parameters: {
            query?: {
                /** @description Long-poll: hold the answer until the payment is final or this many milliseconds pass (at most 30000) */
                maxPollMs?: number;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Current status */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentStatusResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    paymentsGetPaymentStatus: {
        parameters: {
            query?: {
                /** @description Long-poll: hold the answer until the payment is final or this many milliseconds pass (at most 30000) */
                maxPollMs?: number;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Current status */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPaymentStatusResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    paymentsGetPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentsGetPaymentResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    paymentsCancelPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancelled */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelPaymentResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMerchantPayments: {
        parameters: {
            query?: {
                startTs?: string;
                endTs?: string;
                token_symbol?: string[];
                asset?: string;
                network?: string;
                sortBy?: "date" | "amount";
                sortDir?: "asc" | "desc";
                cursor?: string;
                limit?: number;
                status?: ("requires_action" | "processing" | "succeeded" | "failed" | "expired" | "cancelled")[];
                referenceId?: string;
                /**
                 * @deprecated
                 * @description Deprecated: use startTs
                 */
                start_ts?: string;
                /**
                 * @deprecated
                 * @description Deprecated: use endTs
                 */
                end_ts?: string;
                /**
                 * @deprecated
                 * @description Deprecated: use sortBy
                 */
                sort_by?: "date" | "amount";
                /**
                 * @deprecated
                 * @description Deprecated: use sortDir
                 */
                sort_dir?: "asc" | "desc";
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments and statistics over every match */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MerchantPaymentsResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMerchantPaymentsDeprecated: {
        parameters: {
            query?: {
                start_ts?: string;
                end_ts?: string;
                asset?: string;
                network?: string;
                sort_by?: "date" | "amount";
                sort_dir?: "asc" | "desc";
                cursor?: string;
                limit?: number;
                status?: ("requires_action" | "processing" | "succeeded" | "failed" | "expired")[];
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                merchant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments and statistics over every match (spec 2.5) */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentListing"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    MerchantManagement_list: {
        parameters: {
            query?: {
                status?: "active" | "inactive" | "suspended";
                /** @description Substring of the name or email, any case */
                search?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
                limit?: number;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of merchants; nextCursor is null on the last page */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        merchants: components["schemas"]["PlatformMerchant"][];
                        totalCount: number;
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    MerchantManagement_create: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. Same key and request return the first answer (Idempotent-Replayed: true); same key with another request is 409 idempotency_conflict */
                "Idempotency-Key": string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMerchantRequest"];
            };
        };
        responses: {
            /** @description The merchant */
            201: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        merchant: {
                            id: string;
                            name: string;
                            email: string | null;
                            /** @enum {string} */
                            status: "active" | "inactive" | "suspended";
                            /** @description ISO 8601 */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    MerchantManagement_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A merchant id (mer_…) this partner created */
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The merchant */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        merchant: {
                            id: string;
                            name: string;
                            email: string | null;
                            /** @enum {string} */
                            status: "active" | "inactive" | "suspended";
                            iconUrl: string | null;
                            /** @description ISO 8601 */
                            createdAt: string;
                            settlements: components["schemas"]["Settlements"];
                        };
                    };
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    MerchantManagement_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A merchant id (mer_…) this partner created */
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        deleted: boolean;
                    };
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    MerchantManagement_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A merchant id (mer_…) this partner created */
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMerchantRequest"];
            };
        };
        responses: {
            /** @description The merchant */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        merchant: components["schemas"]["PlatformMerchant"];
                    };
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    Settlements_list: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A merchant id (mer_…) this partner created */
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Crypto destinations as the gateway pays them (set per asset, else the receiving address); no fiat */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settlements"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CryptoSettlement_create: {
        parameters: {
            query?: never;
            header: {
                /** @description Required. Same key and request return the first answer (Idempotent-Replayed: true); same key with another request is 409 idempotency_conflict */
                "Idempotency-Key": string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A merchant id (mer_…) this partner created */
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCryptoSettlementsRequest"];
            };
        };
        responses: {
            /** @description The destinations made */
            201: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settlements: components["schemas"]["CryptoSettlement"][];
                    };
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CryptoSettlement_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A crypto settlement id (stl_…) from the merchant's settlements */
                id: string;
                /** @description A merchant id (mer_…) this partner created */
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCryptoSettlementRequest"];
            };
        };
        responses: {
            /** @description The destination */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CryptoSettlement"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CryptoSettlement_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A crypto settlement id (stl_…) from the merchant's settlements */
                id: string;
                /** @description A merchant id (mer_…) this partner created */
                merchantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        deleted: boolean;
                    };
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundRequest"];
            };
        };
        responses: {
            /** @description The payment is now marked refunded */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every endpoint that is not deleted */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint with its whsec_ secret */
            201: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    disableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, disabled */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    enableWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint, enabled */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SendTestWebhookRequest"];
            };
        };
        responses: {
            /** @description Queued; see the delivery log */
            202: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SentTestWebhook"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A webhook endpoint id (whe_…) */
                id: string;
                /** @description A delivery id (whd_…) of this endpoint */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResentWebhookDelivery"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendFailedWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A webhook endpoint id (whe_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResendFailedWebhookDeliveriesRequest"];
            };
        };
        responses: {
            /** @description How many were queued */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResentWebhookDeliveries"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTransfers: {
        parameters: {
            query?: {
                /** @description unmatched: money bound to no payment, waiting for the merchant; omitted: every transfer */
                status?: "bound" | "unmatched" | "attached" | "dismissed";
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transfers */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChainTransferList"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    attachTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A transfer id (trf_…) of this merchant */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AttachTransferRequest"];
            };
        };
        responses: {
            /** @description The transfer, attached, and the payment as it now reads */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttachTransferResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    dismissTransfer: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A transfer id (trf_…) of this merchant */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transfer, dismissed */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChainTransfer"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentLinks: {
        parameters: {
            query?: {
                /** @description Only active (true) or disabled (false) links; omitted: every link */
                active?: "true" | "false";
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of links */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLinkList"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentLinkRequest"];
            };
        };
        responses: {
            /** @description The link; share its url */
            201: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment link id (plink_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment link id (plink_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePaymentLinkRequest"];
            };
        };
        responses: {
            /** @description The link as it now reads */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLink"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentLinkPayments: {
        parameters: {
            query?: {
                limit?: number;
                /** @description nextCursor of the previous page (pay_…) */
                cursor?: string;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment link id (plink_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the link's payments */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLinkPayments"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    payPaymentLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment link id (plink_…) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PayPaymentLinkRequest"];
            };
        };
        responses: {
            /** @description The new payment; send the buyer to gatewayUrl */
            201: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentLinkCheckout"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPosCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description One per sale; a retry with the same key answers the same payment */
                "Idempotency-Key"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PosChargeRequest"];
            };
        };
        responses: {
            /** @description The charge */
            201: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosCharge"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            413: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPosSales: {
        parameters: {
            query: {
                /** @description ISO 8601 with offset: the device's local midnight */
                since: string;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Today's sales */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosSales"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            401: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentInfo: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Payment info for wallets */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentInfo"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentOptions: {
        parameters: {
            query?: {
                /** @description Also answer the payment's info */
                includePaymentInfo?: boolean;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GetPaymentOptionsRequest"];
            };
        };
        responses: {
            /** @description Payment options for the wallet's accounts */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentOptions"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    fetchActions: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FetchActionsRequest"];
            };
        };
        responses: {
            /** @description Resolve a build action into wallet actions */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FetchedActions"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmPayment: {
        parameters: {
            query?: {
                /** @description Long-poll: hold the answer until the payment is final or this many milliseconds pass (at most 30000) */
                maxPollMs?: number;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmPaymentRequest"];
            };
        };
        responses: {
            /** @description Confirm with the wallet's results */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayStatus"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            422: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentRequests: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Payment requests a phone wallet pays by scanning (Solana Pay transfer requests, EIP-681) */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentRequests"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSolanaPayLabel: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
                /** @description The Solana asset: its CAIP-19 with ':' and '/' written as '.', e.g. `solana.5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp.token.<mint>` or `solana.<genesis>.slip44.501` */
                asset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Solana Pay transaction request: the merchant's label and icon */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolanaPayLabel"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSolanaPayTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
                /** @description The Solana asset: its CAIP-19 with ':' and '/' written as '.', e.g. `solana.5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp.token.<mint>` or `solana.<genesis>.slip44.501` */
                asset: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SolanaPayTransactionRequest"];
            };
        };
        responses: {
            /** @description Solana Pay transaction request: the transfer for the wallet's account, co-signed by the service's fee payer (the quote is stored first) */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SolanaPayTransaction"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            409: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            410: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGatewayPaymentStatus: {
        parameters: {
            query?: {
                /** @description Long-poll: hold the answer until the payment is final or this many milliseconds pass (at most 30000) */
                maxPollMs?: number;
            };
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment's status for wallets */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayStatus"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    gatewayCancelPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "WCP-Version"?: string;
                /** @description The API version the client speaks: a date YYYY-MM-DD, optionally followed by .preview. Absent: 2026-02-19.preview. Off the grammar, or WCP-Version and Api-Version naming different versions: 400 invalid_api_version; well-formed but not served: 400 unknown_api_version. */
                "Api-Version"?: string;
            };
            path: {
                /** @description A payment id (pay_…), or a URL-encoded payment link whose pid holds it */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buyer cancels a payment that still requires action (reason cancelled_by_user) */
            200: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelPaymentResponse"];
                };
            };
            /** @description Error */
            400: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            404: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Error */
            500: {
                headers: {
                    /** @description The version this answer was served under (2026-02-19.preview when the request named none) */
                    "WCP-Version"?: "2026-02-19.preview" | "2026-02-18";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description status degraded when something needs attention, named in reasons */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready for traffic (503 with the reasons otherwise) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    livez: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
}
