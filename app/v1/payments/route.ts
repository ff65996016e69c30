export { POST } from "@/app/v1/merchant/payment/route";
