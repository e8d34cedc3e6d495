import type { MembershipConfig } from "~/services/membership/index";
import { DetailPanel } from "~/components/ui/DetailPanel";

/** The eight benefits with their introductions from the wealth config (docs/product/screens.md). */
export function Benefits({ benefits }: { benefits: MembershipConfig["benefits"] }) {
  return (
    <DetailPanel title="Benefits" labelId="benefits-title">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {benefits.map((b) => (
          <div key={b.name}>
            <dt className="text-sm font-semibold text-gray-900">{b.name}</dt>
            <dd className="text-sm text-gray-600">{b.intro}</dd>
          </div>
        ))}
      </dl>
    </DetailPanel>
  );
}
