/** /staff/audit: the audit trail of administrator actions, newest first, filtered by what they are about; read-only. */
import { Link, useLoaderData } from "@remix-run/react";
import { AUDIT_ENTITY_TYPES, type AuditEntry } from "../../contract/calls/audit";
import { StaffEmpty, StaffItem, StaffPager } from "~/components/staff/StaffParts";
import { Button, DateTime } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { json, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { lastIdOf, staffApi, staffPage } from "~/services/staff/staff.server";

const LABELS: Record<(typeof AUDIT_ENTITY_TYPES)[number], string> = {
  order: "Orders",
  withdrawal: "Withdrawals",
  virtualCoinOrder: "Transfers",
  kyc: "KYC",
  redemptionBatch: "Redemption codes",
  mallOrder: "Mall orders",
  ticket: "Support tickets",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const url = new URL(request.url);
  const type = url.searchParams.get("entityType") ?? "";
  const entityType = (AUDIT_ENTITY_TYPES as readonly string[]).includes(type) ? (type as AuditEntry["entityType"]) : undefined;
  const entityId = Number(url.searchParams.get("entityId")) || undefined;
  const lastId = lastIdOf(request);
  const page = staffPage(await api.call("/admin/audit/list", { lastId, entityType, entityId: entityType ? entityId : undefined }), (e) => e.id);
  const query = new URLSearchParams();
  if (entityType) query.set("entityType", entityType);
  if (entityType && entityId) query.set("entityId", String(entityId));
  return json({ ...page, first: !lastId, entityType: entityType ?? "", entityId: entityId ?? "", query: query.toString() }, { headers: NO_STORE });
}

const show = (s: AuditEntry["before"]) => (s ? Object.entries(s).map(([k, v]) => `${k}: ${v}`).join(", ") : "—");
const linkOf = (e: AuditEntry) => (e.entityType === "order" ? `/staff/orders/${e.entityId}` : null);
const control = "rounded-lg border border-gray-300 px-3 py-2 text-base focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

export default function StaffAudit() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">Audit trail</h2>
      <form method="get" action="/staff/audit" className="flex flex-wrap items-end gap-2 rounded-xl bg-white p-4 ring-1 ring-gray-200">
        <label htmlFor="audit-type" className="flex flex-col gap-1 text-sm font-medium text-gray-800">
          About
          <select id="audit-type" name="entityType" defaultValue={data.entityType} className={control}>
            <option value="">Everything</option>
            {AUDIT_ENTITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor="audit-id" className="flex flex-col gap-1 text-sm font-medium text-gray-800">
          Id
          <input id="audit-id" name="entityId" inputMode="numeric" defaultValue={data.entityId} className={`${control} w-32`} />
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
      {data.error ? <StaffEmpty text={data.error} /> : data.items.length === 0 ? <StaffEmpty text="No staff action is recorded here yet." /> : null}
      <ul className="flex flex-col gap-3" data-testid="audit-list">
        {(data.items as AuditEntry[]).map((e) => {
          const to = linkOf(e);
          return (
            <StaffItem key={e.id} testId={`audit-${e.id}`}>
              <p className="font-semibold text-gray-900">
                {e.action} · {to ? <Link to={to} className="text-brand-700 underline">{`${e.entityType} ${e.entityId}`}</Link> : `${e.entityType} ${e.entityId}`}
              </p>
              <p className="text-xs text-gray-500">
                by {e.adminNickname} (#{e.adminId}) · <DateTime ms={e.createTimestamp} />
              </p>
              <dl className="mt-2 grid gap-1 text-sm">
                <div>
                  <dt className="inline font-medium text-gray-700">Before: </dt>
                  <dd className="inline wrap-anywhere text-gray-900">{show(e.before)}</dd>
                </div>
                <div>
                  <dt className="inline font-medium text-gray-700">After: </dt>
                  <dd className="inline wrap-anywhere text-gray-900">{show(e.after)}</dd>
                </div>
              </dl>
            </StaffItem>
          );
        })}
      </ul>
      <StaffPager path="/staff/audit" next={data.next} first={data.first} query={data.query} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
