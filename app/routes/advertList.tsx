/**
 * /advertList?cardTypeId=…: where /home's rate calculator sends its GET form (ADR 0072). A form
 * cannot put a chosen value in the path, so this opens that card type's offers with her inputs,
 * the page that prices them and the address she can share. Only the calculator's own inputs pass.
 */
import { redirect, type LoaderFunctionArgs } from "~/services/kit/http.server";

const KEPT = ["currency", "amount", "type"] as const;

export function loader({ request }: LoaderFunctionArgs) {
  const from = new URL(request.url).searchParams;
  const id = Number(from.get("cardTypeId"));
  if (!Number.isSafeInteger(id) || id <= 0) return redirect("/home");
  const to = new URLSearchParams();
  for (const k of KEPT) {
    const v = from.get(k)?.trim();
    if (v) to.set(k, v);
  }
  const query = to.toString();
  return redirect(`/advertList/${id}${query ? `?${query}` : ""}`);
}
