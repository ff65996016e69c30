import { parseAbi } from "viem";

/*
 * Written from the standards (ERC-20, EIP-712, EIP-3009 as in Circle's FiatToken v2), not from a
 * compiled artifact: the adapter must work against any token that implements them. Only the
 * (v, r, s) overload of transferWithAuthorization: every FiatToken version has it.
 */
export const ERC20_ABI = parseAbi([
  "function name() view returns (string)",
  "function version() view returns (string)",
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function balanceOf(address owner) view returns (uint256)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);
