import type { BackendConfig } from "../config";
import { lineLogger } from "../ops/log";

/**
 * The holder's name of a Nigerian bank account ("name enquiry"), asked before an account is saved
 * (docs/decisions/0053-payout-accounts-that-exist.md). Numbers reach here already normalized and
 * past the NUBAN check (contract/bank-accounts.ts).
 *
 * - Provider (BANK_RESOLVE_URL set): the shape of the public "resolve account number" APIs of
 *   Nigerian payment providers (Paystack's): GET {BANK_RESOLVE_URL}/bank/resolve?account_number=…
 *   &bank_code=… with `Authorization: Bearer {BANK_RESOLVE_KEY}`, answering
 *   {status: true, data: {account_number, account_name}}. `status: false` or a 4xx (Paystack says
 *   422) is "no such account"; a timeout, a 5xx, a refused key, a rate limit or an answer we cannot
 *   read is "unavailable": the caller saves nothing and says so.
 * - Demo (default): the demo banks' own records: the accounts it knows answer with their holder's
 *   name (or as closed), any other number with the name the user typed.
 */

export interface AccountQuery {
  /** The bank's CBN code (payment_types.code). */
  bankCode: string;
  /** 10 digits. */
  accountNumber: string;
  /** The name the user typed (the demo resolver answers it for accounts it does not know). */
  typedName: string;
}

export type Resolution =
  | { found: true; accountName: string }
  /** notFound: the bank has no such account. unavailable: no usable answer (nothing can be concluded). */
  | { found: false; reason: "notFound" | "unavailable" };

export interface BankResolver {
  readonly kind: "demo" | "provider";
  resolve(query: AccountQuery): Promise<Resolution>;
}

// ---------------------------------------------------------------- demo

/** An account the demo banks know: its holder's name, or null for a closed account. */
export interface KnownAccount {
  bankCode: string;
  accountNumber: string;
  accountName: string | null;
}

export function createDemoBankResolver(known: readonly KnownAccount[]): BankResolver {
  const byKey = new Map(known.map((k) => [`${k.bankCode}:${k.accountNumber}`, k.accountName]));
  return {
    kind: "demo",
    async resolve(q) {
      const key = `${q.bankCode}:${q.accountNumber}`;
      if (!byKey.has(key)) return { found: true, accountName: q.typedName.trim() };
      const name = byKey.get(key);
      return name ? { found: true, accountName: name } : { found: false, reason: "notFound" };
    },
  };
}

// ---------------------------------------------------------------- provider

export interface ProviderOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where failures are reported (never with the account number). */
  log?: (line: string) => void;
}

/** The holder's name in a provider's answer, or undefined when the answer is not what the API promises. */
function accountNameOf(body: unknown, accountNumber: string): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const data = (body as { data?: unknown }).data;
  if (typeof data !== "object" || data === null) return undefined;
  const { account_name: name, account_number: number } = data as { account_name?: unknown; account_number?: unknown };
  if (typeof name !== "string" || !name.trim()) return undefined;
  // An answer about another account is no answer.
  if (number !== undefined && String(number) !== accountNumber) return undefined;
  return name.trim().replace(/\s+/g, " ");
}

export function createProviderBankResolver(baseUrl: string, key: string, opts: ProviderOptions = {}): BankResolver {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const log = opts.log ?? lineLogger();
  const endpoint = `${baseUrl.replace(/\/+$/, "")}/bank/resolve`;
  const unavailable = (why: string): Resolution => {
    log(`[bank-resolver] unavailable: ${why}`);
    return { found: false, reason: "unavailable" };
  };

  return {
    kind: "provider",
    async resolve(q) {
      const url = new URL(endpoint);
      url.searchParams.set("account_number", q.accountNumber);
      url.searchParams.set("bank_code", q.bankCode);
      let res: Response;
      let text: string;
      try {
        res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { authorization: `Bearer ${key}`, accept: "application/json" } });
        // Within the same time limit: a provider that sends its headers and then stalls is no answer either.
        text = await res.text();
      } catch (e) {
        const name = e instanceof Error ? e.name : "";
        return unavailable(name === "TimeoutError" || name === "AbortError" ? `no answer within ${timeoutMs} ms` : `request failed (${name || "error"})`);
      }
      // Our key refused, or too many requests: nothing is known about the account.
      if (res.status === 401 || res.status === 403 || res.status === 429) return unavailable(`HTTP ${res.status} for bank ${q.bankCode}`);
      if (res.status >= 400 && res.status < 500) return { found: false, reason: "notFound" };
      if (!res.ok) return unavailable(`HTTP ${res.status} for bank ${q.bankCode}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return unavailable(`an answer that is not JSON for bank ${q.bankCode}`);
      }
      const status = typeof body === "object" && body !== null ? (body as { status?: unknown }).status : undefined;
      if (status === false) return { found: false, reason: "notFound" };
      const name = status === true ? accountNameOf(body, q.accountNumber) : undefined;
      if (!name) return unavailable(`malformed answer for bank ${q.bankCode}`);
      return { found: true, accountName: name };
    },
  };
}

/** The resolver the config chooses: the provider when BANK_RESOLVE_URL is set, else the demo banks. */
export function openBankResolver(
  config: Pick<BackendConfig, "BANK_RESOLVE_URL" | "BANK_RESOLVE_KEY" | "BANK_RESOLVE_TIMEOUT_MS">,
  known: readonly KnownAccount[],
  log?: (line: string) => void,
): BankResolver {
  if (config.BANK_RESOLVE_URL && config.BANK_RESOLVE_KEY)
    return createProviderBankResolver(config.BANK_RESOLVE_URL, config.BANK_RESOLVE_KEY, { timeoutMs: config.BANK_RESOLVE_TIMEOUT_MS, log });
  return createDemoBankResolver(known);
}
