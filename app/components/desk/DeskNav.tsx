/** The merchant desk's sections (ADR 0036): the queue, the offers, and the wallet it already has. */
import { Tabs } from "~/components/ui";

const SECTIONS = [
  { key: "orders", to: "/desk", label: "Orders" },
  { key: "offers", to: "/desk/offers", label: "Offers" },
  { key: "balance", to: "/account", label: "Balance & bills" },
] as const;

export function DeskNav({ current }: { current: "orders" | "offers" }) {
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Merchant desk</h1>
      <Tabs label="Merchant desk" fill tabs={SECTIONS.map((s) => ({ key: s.key, to: s.to, label: s.label, current: s.key === current }))} />
    </div>
  );
}
