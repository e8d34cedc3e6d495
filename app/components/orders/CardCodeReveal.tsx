/**
 * The seller's own e-code without JavaScript (ADR 0060): a form that asks for her trade password
 * and posts to the order's page, which answers with the code (not to be stored: no-store). Shown
 * where the island would be, so with JavaScript the island replaces it. A seller with no trade
 * password is sent to set one first.
 */
import { Link } from "@remix-run/react";
import { CardCodeList } from "~/components/orders/CardCodeList";
import { Button, Field, Form } from "~/components/ui";

export const REVEAL_CODE_INTENT = "reveal-code";

/** The answer to the form: the codes, or why not (at the field). */
export type CodeReveal = { codes: string[] } | { error: string };

export function CardCodeReveal({ tradePwdSet, reveal, codeFormat }: { tradePwdSet: boolean; reveal: CodeReveal | null; codeFormat?: string }) {
  if (reveal && "codes" in reveal) {
    return (
      <div className="flex flex-col gap-2" data-testid="code-no-js">
        <CardCodeList codes={reveal.codes} codeFormat={codeFormat} />
        <p className="text-sm text-gray-600">
          Your code is shown once, for this view: the page does not keep it, and your trade password is asked again next time.
        </p>
      </div>
    );
  }
  if (!tradePwdSet) {
    return (
      <p className="text-sm text-gray-700" data-testid="code-no-js">
        Without JavaScript, your card code is shown after your trade password.{" "}
        <Link to="/security/tradePassword" className="font-medium text-brand-700 underline">
          Set a trade password
        </Link>{" "}
        first.
      </p>
    );
  }
  return (
    <Form method="post" className="flex flex-col gap-1" data-testid="code-no-js">
      <input type="hidden" name="intent" value={REVEAL_CODE_INTENT} />
      <Field
        id="reveal-trade-pwd"
        name="tradePwd"
        label="Trade Password"
        hint="Without JavaScript, your card code is shown after your trade password."
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        required
        error={reveal?.error}
      />
      <div>
        <Button type="submit" variant="secondary" size="sm">
          Show the code
        </Button>
      </div>
    </Form>
  );
}
