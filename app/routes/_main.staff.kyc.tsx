/** /staff/kyc: identity verifications under review, newest first, with both photos; approve, or reject with a reason. */
import { useLoaderData } from "@remix-run/react";
import type { StaffKyc } from "../../contract/calls/kyc-staff";
import { KycReview } from "../../contract/enums";
import { ReasonField, StaffEmpty, StaffForm, StaffItem, StaffPager } from "~/components/staff/StaffParts";
import { DateTime } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, NO_STORE } from "~/services/kit/http.server";
import { field, lastIdOf, numberField, staffAction, staffApi, staffPage } from "~/services/staff/staff.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await staffApi(request, context);
  const lastId = lastIdOf(request);
  const page = staffPage(await api.call("/admin/kyc/list", { lastId, status: KycReview.Review }), (k) => k.id);
  return json({ ...page, first: !lastId }, { headers: NO_STORE });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  staffAction(request, context, () => "/staff/kyc", {
    approve: (f, api) => api.call("/admin/kyc/approve", { id: numberField(f, "id") as number }),
    reject: (f, api) => api.call("/admin/kyc/reject", { id: numberField(f, "id") as number, reason: field(f, "reason") }),
  });

export default function StaffKycPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-gray-900">Identity verifications under review</h2>
      {data.error ? <StaffEmpty text={data.error} /> : data.items.length === 0 ? <StaffEmpty text="No verification waits for review." /> : null}
      <ul className="flex flex-col gap-3">
        {(data.items as StaffKyc[]).map((k) => (
          <StaffItem key={k.id} testId={`staff-kyc-${k.id}`}>
            <p className="font-semibold text-gray-900">
              {k.cert.realname} · {k.userNickname} (#{k.userId})
            </p>
            <p className="text-sm text-gray-700">
              {k.cert.idCountry} · ID {k.cert.idNo} · born {k.cert.birthday} · {k.cert.socialAccount}
            </p>
            <p className="text-xs text-gray-500">
              Sent <DateTime ms={k.submittedAt} />
            </p>
            <div className="my-3 flex flex-wrap gap-2">
              {(["front", "back"] as const).map((side) => (
                <a key={side} href={`/staff/kyc/${k.id}/${side}`} target="_blank" rel="noreferrer">
                  <img src={`/staff/kyc/${k.id}/${side}`} alt={`ID ${side}`} width={160} height={100} className="h-25 w-40 rounded object-cover ring-1 ring-gray-200" />
                </a>
              ))}
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              <StaffForm intent="approve" id={k.id} label="Approve" question={{ title: `Approve the identity of ${k.cert.realname}?`, describe: () => "Their cash-outs are no longer capped.", confirmLabel: "Approve" }} />
              <StaffForm
                intent="reject"
                id={k.id}
                label="Reject"
                variant="danger"
                question={{ title: `Reject the identity of ${k.cert.realname}?`, describe: (f) => `They can correct it and send it again. Reason: ${f.reason ?? ""}`, confirmLabel: "Reject" }}
              >
                <ReasonField id={`reason-${k.id}`} />
              </StaffForm>
            </div>
          </StaffItem>
        ))}
      </ul>
      <StaffPager path="/staff/kyc" next={data.next} first={data.first} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
