export { GET } from "@/app/v1/merchant/payment/[id]/status/route";
