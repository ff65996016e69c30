/**
 * Active ISO 4217 currency codes and their minor-unit exponents. Codes without a minor unit
 * (precious metals, SDR, test codes) are left out: a payment cannot be priced in them.
 */
const EXPONENT_0 = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF";
const EXPONENT_3 = "BHD IQD JOD KWD LYD OMR TND";
const EXPONENT_4 = "CLF UYW";
const EXPONENT_2 =
  "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF " +
  "CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD " +
  "GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL " +
  "MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR " +
  "PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP " +
  "TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG";

const EXPONENTS: ReadonlyMap<string, number> = new Map(
  [
    [EXPONENT_0, 0],
    [EXPONENT_2, 2],
    [EXPONENT_3, 3],
    [EXPONENT_4, 4],
  ].flatMap(([codes, exp]) => (codes as string).split(" ").map((code) => [code, exp as number] as const)),
);

/** Minor-unit exponent of an ISO 4217 code (USD 2, JPY 0, KWD 3), or undefined if not a currency. */
export function currencyExponent(code: string): number | undefined {
  return EXPONENTS.get(code);
}

export function isCurrencyCode(code: string): boolean {
  return EXPONENTS.has(code);
}

/** `iso4217/USD` -> `USD`; undefined when the unit is not in that form or not a real code. */
export function currencyFromUnit(unit: string): string | undefined {
  const match = /^iso4217\/([A-Z]{3})$/.exec(unit);
  return match && isCurrencyCode(match[1]!) ? match[1] : undefined;
}
