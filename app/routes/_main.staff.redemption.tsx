/**
 * /staff/redemption: redemption code batches, newest first, with how many were redeemed; create a
 * batch (its codes are shown once, on the answer page: only their hashes are stored) or revoke one.
 */
import { useActionData, useLoaderData } from "@remix-run/react";
import type { RedemptionBatch } from "../../contract/calls/redemption-staff";
import { StaffEmpty, StaffForm, StaffItem, StaffPager } from "~/components/staff/StaffParts";
import { Button, DateTime } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { formatCoins, minorFromInput } from "~/services/money/format";
import { readForm, typedFields } from "~/services/kit/form.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { field, lastIdOf, numberField, staffApi, staffDecision, staffPage, type StaffActionError } from "~/services/staff/staff.server";
import { dispatchIntent } from "~/services/kit/intents.server";
import type { Api } from "~/services/kit/caller.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const lastId = lastIdOf(request);
  const page = staffPage(await api.call("/admin/redemptionCode/list", { lastId }), (b) => b.id);
  return json({ ...page, first: !lastId }, { headers: NO_STORE });
}

const DAY = 86_400_000;

type CreateField = "kind" | "value" | "count" | "perUserLimit" | "days";
/** The field a refusal of /admin/redemptionCode/create is about, from the contract's words (null: none). */
const REFUSED_AT: Array<[RegExp, CreateField]> = [
  [/coins or points/i, "kind"],
  [/value/i, "value"],
  [/codes at once|one code/i, "count"],
  [/each user/i, "perUserLimit"],
  [/expiry/i, "days"],
];
const fieldOf = (msg: string) => REFUSED_AT.find(([words]) => words.test(msg))?.[1] ?? null;

export async function action({ request, context }: ActionFunctionArgs) {
  const api = await staffApi(request, context);
  const f = await readForm(request);
  return dispatchIntent(f, {
    create: () => createCodes(api, f),
    revoke: staffDecision(api, f, () => "/staff/redemption", (form) => api.call("/admin/redemptionCode/revoke", { batchId: numberField(form, "id") as number })),
  });
}

/** A new batch (not asked first: it takes nothing away); its codes are shown once. */
async function createCodes(api: Api, f: FormData) {
  const kind = field(f, "kind") === "points" ? "points" : "coins";
  // Coins are entered with up to 2 decimals (hundredths); points in whole points (÷10000 stored).
  const value = kind === "coins" ? minorFromInput(field(f, "value")) : Number(field(f, "value")) * 10_000;
  const days = Number(field(f, "days"));
  const r = await api.call("/admin/redemptionCode/create", {
    kind,
    value: value ?? NaN,
    count: Number(field(f, "count")),
    perUserLimit: Number(field(f, "perUserLimit")),
    expiresAt: Number.isFinite(days) && days > 0 ? Date.now() + days * DAY : 0,
  });
  // Refused: what was typed comes back, the message at its field (ADR 0061).
  if (!r.ok) return json<StaffActionError & { field: CreateField | null }>({ intent: "create", id: "new", error: r.msg, typed: typedFields(f), field: fieldOf(r.msg) }, { status: 400 });
  return json({ intent: "created", id: String(r.data.batchId), codes: r.data.codes });
}

const input = "rounded-lg border border-gray-300 px-3 py-2 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";
const label = "flex flex-col gap-1 text-sm font-medium text-gray-800";

export default function StaffRedemption() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as (StaffActionError & { codes?: string[]; field?: CreateField | null }) | undefined;
  const refused = answer?.intent === "create" ? { error: answer.error, field: answer.field ?? null, typed: answer.typed ?? {} } : null;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">Redemption codes</h2>
      {answer?.codes ? (
        <section aria-labelledby="new-codes" className="rounded-xl bg-money-in-50 p-4 ring-1 ring-money-in-200" data-testid="new-codes">
          <h3 id="new-codes" className="font-semibold text-gray-900">
            Batch {answer.id}: copy these codes now, they are not shown again
          </h3>
          <textarea readOnly aria-label="New codes" rows={Math.min(10, answer.codes.length)} className={`${input} mt-2 w-full font-mono`} value={answer.codes.join("\n")} />
        </section>
      ) : null}
      <Form method="post" replace className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 sm:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <CreateInput name="kind" label="Kind" refused={refused}>
          {(props) => (
            <select {...props}>
              <option value="coins">Coins</option>
              <option value="points">Points</option>
            </select>
          )}
        </CreateInput>
        <CreateInput name="value" label="Value of each code" refused={refused}>
          {(props) => <input {...props} inputMode="decimal" required />}
        </CreateInput>
        <CreateInput name="count" label="How many codes (1-1000)" refused={refused} initial="10">
          {(props) => <input {...props} type="number" min={1} max={1000} required />}
        </CreateInput>
        <CreateInput name="perUserLimit" label="Codes one user may redeem" refused={refused} initial="1">
          {(props) => <input {...props} type="number" min={1} max={1000} required />}
        </CreateInput>
        <CreateInput name="days" label="Valid for (days)" refused={refused} initial="30">
          {(props) => <input {...props} type="number" min={1} max={3650} required />}
        </CreateInput>
        <div className="flex flex-col justify-end gap-1">
          <Button type="submit">Create codes</Button>
          <p role={refused && !refused.field ? "alert" : undefined} className="min-h-[1.25rem] text-sm text-money-out-700">
            {refused && !refused.field ? refused.error : ""}
          </p>
        </div>
      </Form>
      {data.error ? <StaffEmpty text={data.error} /> : data.items.length === 0 ? <StaffEmpty text="No codes have been created yet." /> : null}
      <ul className="flex flex-col gap-3">
        {(data.items as RedemptionBatch[]).map((b) => (
          <StaffItem key={b.id} testId={`batch-${b.id}`}>
            <p className="font-semibold text-gray-900">
              Batch {b.id} · {b.kind === "coins" ? `${formatCoins(b.value)} coins` : `${b.value / 10_000} points`} each
            </p>
            <p className="text-sm text-gray-700">
              {b.redeemed} of {b.count} redeemed · {b.perUserLimit} per user · by {b.createdByNickname}
            </p>
            <p className="mb-2 text-xs text-gray-500">
              Created <DateTime ms={b.createTimestamp} /> · expires <DateTime ms={b.expiresAt} />
            </p>
            {b.revokedAt !== null ? (
              <p className="text-sm font-medium text-money-out-700">
                Revoked <DateTime ms={b.revokedAt} />
              </p>
            ) : (
              <StaffForm
                intent="revoke"
                id={b.id}
                label="Revoke the unused codes"
                variant="danger"
                question={{ title: `Revoke batch ${b.id}?`, describe: () => `Its ${b.count - b.redeemed} unused codes stop working; those already redeemed stay credited.`, confirmLabel: "Revoke" }}
              />
            )}
          </StaffItem>
        ))}
      </ul>
      <StaffPager path="/staff/redemption" next={data.next} first={data.first} />
    </div>
  );
}

type Refused = { error: string; field: CreateField | null; typed: Record<string, string> } | null;
type ControlProps = { id: string; name: string; defaultValue?: string; className: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** One field of the new-batch form: what a refusal typed back in, and its message under it. */
function CreateInput({ name, label: text, refused, initial, children }: { name: CreateField; label: string; refused: Refused; initial?: string; children: (props: ControlProps) => JSX.Element }) {
  const id = `r-${name}`;
  const error = refused?.field === name ? refused.error : null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {children({ id, name, defaultValue: refused?.typed[name] ?? initial, className: error ? input.replace("border-gray-300", "border-money-out-700") : input, ...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {}) })}
      <p id={`${id}-error`} role={error ? "alert" : undefined} className="min-h-5 text-sm leading-5 text-money-out-700">
        {error ?? ""}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
