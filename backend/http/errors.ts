import { Code } from "../../contract/envelope";
import { SealedValueError } from "../security/secret-box";

/** A refusal the caller should see: becomes `{ code, msg }` in the envelope. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    /** What the refusal carries for the caller to act on (only where its code says so: QUOTE_CHANGED). */
    public readonly data?: unknown,
  ) {
    super(message);
  }
}

export const fail = (msg: string) => new ApiError(Code.FAILED, msg);
export const invalid = (msg: string) => new ApiError(Code.INVALID, msg);
export const NOT_LOGGED_IN = "Please log in first.";
/** Code 3; `why` says what ended the session when it did not simply expire (tokens.ts). */
export const notLoggedIn = (why?: string) => new ApiError(Code.NOT_LOGGED_IN, why ?? NOT_LOGGED_IN);
export const forbidden = (msg = "Access denied") => new ApiError(Code.FORBIDDEN, msg);
export const notFound = (what = "Record") => new ApiError(Code.NOT_FOUND, `${what} not found.`);
/** The row when the caller may touch it; otherwise "X not found." as if it did not exist, so ids cannot be probed. */
export function visibleTo<T>(row: T | undefined | null, mayTouch: (row: T) => boolean, what: string): T {
  if (!row || !mayTouch(row)) throw notFound(what);
  return row;
}
export const tooMany = (msg = "Too many attempts. Please try again later.") => new ApiError(Code.TOO_MANY, msg);
export const conflict = (msg: string) => new ApiError(Code.CONFLICT, msg);
export const notImplemented = () => new ApiError(Code.NOT_IMPLEMENTED, "Service not implemented");

/**
 * What a caller is told of an error that is not a refusal; the log line under `ref` says the rest.
 * A stored value that cannot be opened (its key retired or missing from this process: ADR 0056)
 * is said as such, not as an internal error: the user knows it is not their doing, support and
 * the log know which key.
 */
export const SEALED_VALUE_UNOPENED = "Some protected details of this record cannot be opened right now. Please try again later, or contact support";
export function unexpectedAnswer(err: unknown, ref: string): { code: number; msg: string } {
  if (err instanceof SealedValueError) return { code: Code.FAILED, msg: `${SEALED_VALUE_UNOPENED} (ref ${ref}).` };
  return { code: Code.INTERNAL, msg: `Server internal error (ref ${ref})` };
}
