/**
 * A histogram and a counter for the per-request path (ADR 0080): prom-client's observe() checks
 * and hashes its labels on every call (about 1.3 µs, as much as a catalogue read answered from
 * memory); these keep plain numbers per label value, looked up once, and hand prom-client's
 * registry the same samples at scrape time. Only for label values from a fixed set.
 */
import type { Metric, Registry } from "prom-client";

interface Series {
  buckets: number[];
  sum: number;
  count: number;
}

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

function register(registry: Registry, name: string, help: string, type: "histogram" | "counter", values: () => Sample[]) {
  const metric = { name, help, type, aggregator: "sum", get: async () => ({ name, help, type, aggregator: "sum", values: values() }) };
  registry.registerMetric(metric as unknown as Metric);
}

/** A histogram with one label: `series(value).observe(x)` is a loop over the bounds and three additions. */
export function fastHistogram(registry: Registry, name: string, help: string, label: string, bounds: number[]) {
  const all = new Map<string, Series>();
  register(registry, name, help, "histogram", () => {
    const out: Sample[] = [];
    for (const [value, s] of all) {
      let acc = 0;
      bounds.forEach((le, i) => out.push({ labels: { [label]: value, le }, value: (acc += s.buckets[i]!), metricName: `${name}_bucket` }));
      out.push({ labels: { [label]: value, le: "+Inf" }, value: s.count, metricName: `${name}_bucket` });
      out.push({ labels: { [label]: value }, value: s.sum, metricName: `${name}_sum` });
      out.push({ labels: { [label]: value }, value: s.count, metricName: `${name}_count` });
    }
    return out;
  });
  return {
    series(value: string) {
      let s = all.get(value);
      if (!s) all.set(value, (s = { buckets: bounds.map(() => 0), sum: 0, count: 0 }));
      const series = s;
      return {
        observe(x: number) {
          for (let i = 0; i < bounds.length; i++) {
            if (x <= bounds[i]!) {
              series.buckets[i]!++;
              break;
            }
          }
          series.sum += x;
          series.count++;
        },
      };
    },
  };
}

/** A counter keyed by a few label values (joined: they come from fixed sets without the separator). */
export function fastCounter(registry: Registry, name: string, help: string, labelNames: string[]) {
  const all = new Map<string, { labels: Record<string, string>; value: number }>();
  register(registry, name, help, "counter", () => [...all.values()].map(({ labels, value }) => ({ labels, value })));
  return {
    series(...values: string[]) {
      const key = values.join("\u0000");
      let s = all.get(key);
      if (!s) all.set(key, (s = { labels: Object.fromEntries(labelNames.map((n, i) => [n, values[i]!])), value: 0 }));
      const series = s;
      return { inc: () => void series.value++ };
    },
  };
}
