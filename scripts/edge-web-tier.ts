/**
 * The edge web tier on this machine: build/edge/worker.js run by workerd through miniflare's
 * Node API, its ASSETS binding on build/edge/assets, its variables from the caller (the same
 * names as in wrangler.toml). No Node compatibility flag: the worker gets only what workerd gives.
 *
 *   PORT=3000 CLIENT_API_URL=http://127.0.0.1:3001 SESSION_SECRET=… node --import tsx scripts/edge-web-tier.ts
 */
import { Miniflare } from "miniflare";
import { fileURLToPath } from "node:url";
import { EDGE_ASSETS, EDGE_WORKER } from "./build-edge";

/** Within what this workerd release knows (it refuses dates after its own). Also in wrangler.toml. */
export const COMPATIBILITY_DATE = "2026-04-01";

/** The worker's variables: those of app/env.server.ts that are set here. */
const VARIABLES = [
  "CLIENT_API_URL",
  "SESSION_SECRET",
  "RESPONSE_ENCRYPTION_KEY",
  "WEB_TIER_SECRET",
  "NODE_ENV",
  "API_RETRIES",
  "API_RETRY_DELAY_MS",
  "API_TIMEOUT_MS",
  "API_UPLOAD_TIMEOUT_MS",
  "CHAT_PROVIDER",
  "TIM_SDKAPPID",
  "TIM_SECRET_KEY",
];

export interface EdgeWebTier {
  url: string;
  stop(): Promise<void>;
}

export async function startEdgeWebTier(opts: { port: number; host?: string; env: Record<string, string | undefined> }): Promise<EdgeWebTier> {
  if (!opts.env.CLIENT_API_URL) throw new Error("The edge web tier needs CLIENT_API_URL (the backend's address).");
  const bindings = Object.fromEntries(VARIABLES.flatMap((name) => (opts.env[name] !== undefined ? [[name, opts.env[name]!]] : [])));
  const mf = new Miniflare({
    // One bundled module, named outright: miniflare would otherwise walk its imports and stop at
    // the dynamic import()s of Remix's browser code that the bundle carries but never runs here.
    modules: [{ type: "ESModule", path: EDGE_WORKER }],
    compatibilityDate: COMPATIBILITY_DATE,
    bindings,
    assets: {
      directory: EDGE_ASSETS,
      binding: "ASSETS",
      // As wrangler.toml's run_worker_first: the worker decides (cache headers, precompressed copies).
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
    host: opts.host ?? "127.0.0.1",
    port: opts.port,
  });
  const url = (await mf.ready).toString().replace(/\/$/, "");
  return { url, stop: () => mf.dispose() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tier = await startEdgeWebTier({ port: Number(process.env.PORT ?? 8787), host: process.env.HOST, env: process.env });
  console.log(`Edge web tier (workerd) on ${tier.url}, backend at ${process.env.CLIENT_API_URL}`);
  const stop = () => void tier.stop().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
