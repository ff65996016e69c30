import type { FailedTransactionMetadata } from "litesvm";

/** TransactionError as the JSON RPC shows it: "BlockhashNotFound" or {"InstructionError":[0,{"Custom":1}]}. */
export type RpcTxError = string | Record<string, unknown>;

// LiteSVM hands fieldless errors over as numbers from const enums that do not exist at run time;
// these tables are those enums in declaration order (litesvm 1.5.0, internal.d.ts).
const TX_ERRORS = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled",
];
const INSTRUCTION_ERRORS = [
  "GenericError",
  "InvalidArgument",
  "InvalidInstructionData",
  "InvalidAccountData",
  "AccountDataTooSmall",
  "InsufficientFunds",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "AccountAlreadyInitialized",
  "UninitializedAccount",
  "UnbalancedInstruction",
  "ModifiedProgramId",
  "ExternalAccountLamportSpend",
  "ExternalAccountDataModified",
  "ReadonlyLamportChange",
  "ReadonlyDataModified",
  "DuplicateAccountIndex",
  "ExecutableModified",
  "RentEpochModified",
  "NotEnoughAccountKeys",
  "AccountDataSizeChanged",
  "AccountNotExecutable",
  "AccountBorrowFailed",
  "AccountBorrowOutstanding",
  "DuplicateAccountOutOfSync",
  "InvalidError",
  "ExecutableDataModified",
  "ExecutableLamportChange",
  "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId",
  "CallDepth",
  "MissingAccount",
  "ReentrancyNotAllowed",
  "MaxSeedLengthExceeded",
  "InvalidSeeds",
  "InvalidRealloc",
  "ComputationalBudgetExceeded",
  "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure",
  "ProgramFailedToComplete",
  "ProgramFailedToCompile",
  "Immutable",
  "IncorrectAuthority",
  "AccountNotRentExempt",
  "InvalidAccountOwner",
  "ArithmeticOverflow",
  "UnsupportedSysvar",
  "IllegalOwner",
  "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded",
  "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits",
  "BorshIoError",
];

type LiteSvmError = ReturnType<FailedTransactionMetadata["err"]>;
type Fields = { index?: number; accountIndex?: number; code?: number; msg?: string; err?: () => unknown };

function instructionError(err: unknown): RpcTxError {
  if (typeof err === "number") return INSTRUCTION_ERRORS[err] ?? `InstructionError${err}`;
  const fields = err as Fields;
  if (typeof fields.code === "number") return { Custom: fields.code };
  if (typeof fields.msg === "string") return { BorshIoError: fields.msg };
  return String(err);
}

export function toRpcTxError(err: LiteSvmError): RpcTxError {
  if (typeof err === "number") return TX_ERRORS[err] ?? `TransactionError${err}`;
  const fields = err as unknown as Fields;
  // The classes are only known by name at run time (they are not exported), so switch on that.
  switch (err.constructor.name) {
    case "TransactionErrorInstructionError":
      return { InstructionError: [fields.index, instructionError(fields.err?.())] };
    case "TransactionErrorDuplicateInstruction":
      return { DuplicateInstruction: fields.index };
    case "TransactionErrorInsufficientFundsForRent":
      return { InsufficientFundsForRent: { account_index: fields.accountIndex } };
    case "TransactionErrorProgramExecutionTemporarilyRestricted":
      return { ProgramExecutionTemporarilyRestricted: { account_index: fields.accountIndex } };
    default:
      return String(err);
  }
}

// Wording of the validator's Display impls for the errors a payment flow actually meets.
const TX_MESSAGES: Record<string, string> = {
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
  InsufficientFundsForFee: "Insufficient funds for fee",
  AlreadyProcessed: "This transaction has already been processed",
  BlockhashNotFound: "Blockhash not found",
  SignatureFailure: "Transaction did not pass signature verification",
  InvalidAccountForFee: "This account may not be used to pay transaction fees",
  ProgramAccountNotFound: "Attempt to load a program that does not exist",
};
const INSTRUCTION_MESSAGES: Record<string, string> = {
  GenericError: "generic instruction error",
  InvalidArgument: "invalid program argument",
  InvalidInstructionData: "invalid instruction data",
  InvalidAccountData: "invalid account data for instruction",
  InsufficientFunds: "insufficient funds for instruction",
  IncorrectProgramId: "incorrect program id for instruction",
  MissingRequiredSignature: "missing required signature for instruction",
  AccountAlreadyInitialized: "instruction requires an uninitialized account",
  UninitializedAccount: "instruction requires an initialized account",
  NotEnoughAccountKeys: "insufficient account keys for instruction",
};

export function describeTxError(err: RpcTxError): string {
  if (typeof err === "string") return TX_MESSAGES[err] ?? err;
  const ix = err.InstructionError as [number, RpcTxError] | undefined;
  if (ix) {
    const [index, inner] = ix;
    const custom = typeof inner === "object" ? (inner.Custom as number | undefined) : undefined;
    const text =
      custom !== undefined
        ? `custom program error: 0x${custom.toString(16)}`
        : typeof inner === "string"
          ? (INSTRUCTION_MESSAGES[inner] ?? inner)
          : JSON.stringify(inner);
    return `Error processing Instruction ${index}: ${text}`;
  }
  if (err.InsufficientFundsForRent) {
    const { account_index } = err.InsufficientFundsForRent as { account_index: number };
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`;
  }
  return JSON.stringify(err);
}
