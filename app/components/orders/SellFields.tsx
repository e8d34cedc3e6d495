/**
 * Fields of the sell-card form: the card face (an amount, or one button per
 * fixed face), the e-code box with the list of codes it will send, the plain file
 * input (no JavaScript) and what the seller will receive.
 */
import { useState } from "react";
import { splitCardCodes } from "../../../contract/card-codes";
import { faceUnits } from "~/services/money/offers";
import { cx } from "~/components/ui/cx";
import { Field, TextAreaField } from "~/components/ui";
import { formatCoinsWithName, formatNgn, minorFromInput } from "~/services/money/format";
import { CardCodeText } from "~/components/orders/CardCodeText";
import { CARD_CODE_MAX, IMAGE_ACCEPT } from "~/services/forms/sell";
import { coinsForFace, figureOrNull } from "../../../contract/money";
import { ChooseAgainNote, ErrorLine } from "~/components/ui/FormParts";

export interface FieldMeta {
  id: string;
  name: string;
  key?: string;
  errorId: string;
  initialValue?: unknown;
  value?: unknown;
  errors?: string[];
}

const str = (v: unknown) => (typeof v === "string" ? v : undefined);

export function FaceInput({
  field,
  faces,
  currency,
  minTrade,
  maxTrade,
}: {
  field: FieldMeta;
  /** Fixed faces in hundredths; empty for a free amount. */
  faces: readonly number[];
  currency: string;
  minTrade: number;
  maxTrade: number;
}) {
  const initial = str(field.initialValue);
  if (faces.length > 0) {
    return (
      <fieldset aria-describedby={field.errorId} className="min-w-0">
        <legend className="mb-1 text-sm font-medium text-gray-900">Card face ({currency})</legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {faces.map((f) => {
            const v = faceUnits(f);
            return (
              <label key={f} className="relative">
                <input
                  type="radio"
                  name={field.name}
                  value={v}
                  defaultChecked={initial !== undefined && minorFromInput(initial) === f}
                  className="peer sr-only"
                  aria-invalid={field.errors?.length ? true : undefined}
                />
                <span
                  className={cx(
                    "num flex h-11 cursor-pointer select-none items-center justify-center rounded-lg border text-base font-semibold",
                    "border-gray-300 bg-white text-gray-900 hover:border-brand-400",
                    "peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white",
                    "peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                    field.errors?.length ? "border-money-out-700" : "",
                  )}
                >
                  {v} <span className="ml-1 text-xs font-medium opacity-80">{currency}</span>
                </span>
              </label>
            );
          })}
        </div>
        <ErrorLine id={field.errorId} errors={field.errors} />
      </fieldset>
    );
  }
  return (
    <Field
      key={field.key}
      id={field.id}
      name={field.name}
      defaultValue={initial}
      error={field.errors}
      label={`Card face (${currency})`}
      inputMode="decimal"
      autoComplete="off"
      placeholder={`${faceUnits(minTrade)} – ${faceUnits(maxTrade)}`}
      trailing={<span className="num text-sm font-medium text-gray-700">{currency}</span>}
      inputClassName="num"
    />
  );
}

/** "You receive 86.00 Coins (≈ ₦47,018.78)" for the face typed so far, at the rate the form is quoted. */
export function YouReceive({ face, discount, coinName, ngnRate }: { face: unknown; discount: number; coinName: string; ngnRate: number }) {
  const minor = minorFromInput(str(face) ?? "");
  const coins = minor ? (figureOrNull(() => coinsForFace(minor, discount)) ?? 0) : 0;
  return <CoinsLine label="You receive" coins={coins} coinName={coinName} ngnRate={ngnRate} empty="Enter the card face" testId="you-receive" />;
}

/** A sum of coins the form promises, with its naira, or what to enter first while there is none. */
export function CoinsLine({ label, coins, coinName, ngnRate, empty, testId }: { label: string; coins: number; coinName: string; ngnRate: number; empty: string; testId: string }) {
  return (
    <p className="flex min-h-14 items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm" aria-live="polite">
      <span className="text-gray-700">{label}</span>
      {coins > 0 ? (
        <span className="num text-right">
          <span className="font-semibold text-money-in-700" data-testid={testId}>
            {formatCoinsWithName(coins, coinName)}
          </span>
          <span className="block text-xs text-gray-600">≈ {formatNgn(coins, ngnRate)}</span>
        </span>
      ) : (
        <span className="text-right text-gray-600">{empty}</span>
      )}
    </p>
  );
}

/**
 * The e-code box: one code per line, sent exactly as typed (ADR 0014); the box
 * is never rewritten. Below it the codes are listed as they will be sent, in
 * blocks of the card type's format where it is known (spacing only).
 */
export function CodeInput({
  field,
  codesPerOrder,
  codeFormat,
  disabled,
}: {
  field: FieldMeta;
  /** 0 any number of codes; 1 one code per order. */
  codesPerOrder: number;
  codeFormat: string;
  disabled?: boolean;
}) {
  // The list follows the box as typed: conform's copy of the value can lag behind while the form's
  // schema is still loading (ADR 0030). A reset of the form (a new key) starts from conform again.
  const [typed, setTyped] = useState<{ key: unknown; value: string } | null>(null);
  const own = typed && typed.key === field.key ? typed.value : undefined;
  const codes = splitCardCodes(own ?? str(field.value) ?? str(field.initialValue));
  const one = codesPerOrder === 1;
  return (
    <div>
      <TextAreaField
        key={field.key}
        id={field.id}
        name={field.name}
        defaultValue={str(field.initialValue)}
        error={field.errors}
        label={one ? "Gift card code" : "Gift card codes"}
        hint={
          one
            ? "This offer takes one code per order. Type it exactly as on the card."
            : codesPerOrder > 1
              ? `One code per line, at most ${codesPerOrder}, exactly as on the card.`
              : "One code per line, exactly as on the card."
        }
        rows={one ? 2 : 4}
        maxLength={CARD_CODE_MAX}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        textareaClassName="font-mono"
        disabled={disabled}
        onInput={(e) => setTyped({ key: field.key, value: e.currentTarget.value })}
      />
      {codes.length > 0 ? (
        <div className="-mt-3 mb-4 rounded-lg bg-gray-50 p-3" data-testid="code-groups">
          <p className="text-xs font-medium text-gray-700">{codes.length === 1 ? "1 code" : `${codes.length} codes`}</p>
          <ol className="mt-1 space-y-1">
            {codes.map((c, i) => (
              <li key={`${i}-${c}`} className="flex gap-2 text-sm">
                <span className="num w-5 shrink-0 text-right text-gray-500">{i + 1}.</span>
                <CardCodeText code={c} format={codeFormat} className="text-gray-900" />
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

/** The no-JavaScript image input: the form posts the files, the server compresses them. */
export function PlainImageInput({
  id,
  labelId,
  errorId,
  invalid,
  disabled,
  kept = [],
  lost = 0,
  name = "files",
  keptName = "cardImg",
}: {
  id: string;
  /** The file input's name, and the hidden one's of the pictures kept (a card of the several-cards form has its own). */
  name?: string;
  keptName?: string;
  labelId: string;
  errorId: string;
  invalid: boolean;
  disabled?: boolean;
  /** Pictures an earlier post of this form already uploaded: sent again without their files. */
  kept?: readonly string[];
  /** Files the refused post carried but did not upload: a page cannot put them back in the input. */
  lost?: number;
}) {
  const againId = `${id}-again`;
  return (
    <div>
      {kept.length > 0 ? (
        <>
          <input type="hidden" name={keptName} value={kept.join("|")} />
          <p className="mb-2 text-sm text-gray-700" data-testid="kept-images">
            {kept.length === 1 ? "1 picture is uploaded." : `${kept.length} pictures are uploaded.`} Add more below, or sell with {kept.length === 1 ? "it" : "these"}.
          </p>
        </>
      ) : null}
      <ChooseAgainNote id={againId} lost={lost} />
      <input
        id={id}
        type="file"
        name={name}
        multiple
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={lost > 0 ? `${againId} ${errorId}` : errorId}
        aria-invalid={invalid || undefined}
        className={cx(
          "block w-full rounded-lg border bg-white p-2 text-sm text-gray-900 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white",
          invalid ? "border-money-out-700" : "border-gray-300",
        )}
        data-testid="image-files"
      />
      <p className="mt-1 text-sm text-gray-600">Up to 10 images: jpeg, jpg, gif, png or bmp.</p>
    </div>
  );
}
