/**
 * Every documented operation, collected from the openapi.ts beside each route (lib/openapi may not import
 * app/, so the collection is here). The order is the document's: paths and components appear in it as they
 * are first met. tests/unit/openapi-routes.test.ts checks that every route has its operations beside it,
 * that each sits in the folder its path names, and that this list holds every one of them once.
 */
import type { ApiOperation } from "@/lib/openapi/api-operation";
import * as healthz from "@/app/healthz/openapi";
import * as livez from "@/app/livez/openapi";
import * as openapi from "@/app/openapi.json/openapi";
import * as readyz from "@/app/readyz/openapi";
import * as gatewayCancel from "@/app/v1/gateway/payment/[id]/cancel/openapi";
import * as gatewayConfirm from "@/app/v1/gateway/payment/[id]/confirm/openapi";
import * as gatewayFetch from "@/app/v1/gateway/payment/[id]/fetch/openapi";
import * as gatewayPayment from "@/app/v1/gateway/payment/[id]/openapi";
import * as gatewayOptions from "@/app/v1/gateway/payment/[id]/options/openapi";
import * as gatewayPaymentRequests from "@/app/v1/gateway/payment/[id]/payment-requests/openapi";
import * as gatewaySolanaPay from "@/app/v1/gateway/payment/[id]/solana-pay/[asset]/openapi";
import * as gatewayStatus from "@/app/v1/gateway/payment/[id]/status/openapi";
import * as legacyPaymentStatus from "@/app/v1/merchant/payment/[id]/status/openapi";
import * as legacyPayments from "@/app/v1/merchant/payment/openapi";
import * as merchant from "@/app/v1/merchants/[merchant_id]/openapi";
import * as deprecatedListing from "@/app/v1/merchants/[merchant_id]/payments/openapi";
import * as cryptoSettlement from "@/app/v1/merchants/[merchant_id]/settlements/crypto/[id]/openapi";
import * as cryptoSettlements from "@/app/v1/merchants/[merchant_id]/settlements/crypto/openapi";
import * as settlements from "@/app/v1/merchants/[merchant_id]/settlements/openapi";
import * as merchants from "@/app/v1/merchants/openapi";
import * as merchantListing from "@/app/v1/merchants/payments/openapi";
import * as linkCheckout from "@/app/v1/payment-links/[id]/checkout/openapi";
import * as link from "@/app/v1/payment-links/[id]/openapi";
import * as linkPayments from "@/app/v1/payment-links/[id]/payments/openapi";
import * as links from "@/app/v1/payment-links/openapi";
import * as paymentCancel from "@/app/v1/payments/[id]/cancel/openapi";
import * as payment from "@/app/v1/payments/[id]/openapi";
import * as paymentStatus from "@/app/v1/payments/[id]/status/openapi";
import * as payments from "@/app/v1/payments/openapi";
import * as posCharges from "@/app/v1/pos/charges/openapi";
import * as posSales from "@/app/v1/pos/sales/openapi";
import * as refunds from "@/app/v1/refunds/openapi";
import * as attachTransfer from "@/app/v1/transfers/[id]/attach/openapi";
import * as dismissTransfer from "@/app/v1/transfers/[id]/dismiss/openapi";
import * as transfers from "@/app/v1/transfers/openapi";
import * as resendDelivery from "@/app/v1/webhook-endpoints/[id]/deliveries/[deliveryId]/resend/openapi";
import * as deliveries from "@/app/v1/webhook-endpoints/[id]/deliveries/openapi";
import * as disableEndpoint from "@/app/v1/webhook-endpoints/[id]/disable/openapi";
import * as enableEndpoint from "@/app/v1/webhook-endpoints/[id]/enable/openapi";
import * as endpoint from "@/app/v1/webhook-endpoints/[id]/openapi";
import * as resendFailed from "@/app/v1/webhook-endpoints/[id]/resend-failed/openapi";
import * as rotateSecret from "@/app/v1/webhook-endpoints/[id]/rotate-secret/openapi";
import * as testEvent from "@/app/v1/webhook-endpoints/[id]/test/openapi";
import * as endpoints from "@/app/v1/webhook-endpoints/openapi";

export const API_OPERATIONS: ApiOperation[] = [
  // Payments
  legacyPayments.POST,
  payments.POST,
  legacyPaymentStatus.GET,
  paymentStatus.GET,
  payment.GET,
  paymentCancel.POST,
  // Listings
  merchantListing.GET,
  payments.GET,
  deprecatedListing.GET,
  // Platform API
  merchants.POST,
  merchants.GET,
  merchant.GET,
  merchant.PATCH,
  merchant.DELETE,
  settlements.GET,
  cryptoSettlements.POST,
  cryptoSettlement.PUT,
  cryptoSettlement.DELETE,
  refunds.POST,
  // Webhook endpoints
  endpoints.POST,
  endpoints.GET,
  endpoint.DELETE,
  rotateSecret.POST,
  disableEndpoint.POST,
  enableEndpoint.POST,
  testEvent.POST,
  deliveries.GET,
  resendDelivery.POST,
  resendFailed.POST,
  // Transfers
  transfers.GET,
  attachTransfer.POST,
  dismissTransfer.POST,
  // Payment links
  links.POST,
  links.GET,
  link.GET,
  link.PATCH,
  linkPayments.GET,
  linkCheckout.POST,
  // Point of sale
  posCharges.POST,
  posSales.GET,
  // Wallet gateway
  gatewayPayment.GET,
  gatewayOptions.POST,
  gatewayFetch.POST,
  gatewayConfirm.POST,
  gatewayPaymentRequests.GET,
  gatewaySolanaPay.GET,
  gatewaySolanaPay.POST,
  gatewayStatus.GET,
  gatewayCancel.POST,
  // Operations
  healthz.GET,
  readyz.GET,
  livez.GET,
  openapi.GET,
];
