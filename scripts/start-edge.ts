/**
 * `npm run start:edge`: the marketplace with its web tier on workerd (
 * docs/decisions/0031-edge-web-tier.md), at one address:
 *   - the backend alone on Node (server.ts with WEB_TIER=off; embedded PGlite, or DATABASE_URL),
 *     on loopback at BACKEND_PORT (PORT + 1 by default);
 *   - the edge build (built first when missing or stale) in miniflare at PORT (3000), calling the
 *     backend with a response-encryption key both halves share.
 * The session and response keys are kept in DATA_DIR unless given, as for npm start.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { keptSecret } from "../backend/security/secret-box";
import { buildIsStale, ROOT } from "./build";
import { buildEdge, EDGE_STAMP } from "./build-edge";
import { startEdgeWebTier, type EdgeWebTier } from "./edge-web-tier";

const port = Number(process.env.PORT ?? 3000);
const backendPort = Number(process.env.BACKEND_PORT ?? port + 1);
const dataDir = process.env.DATA_DIR ?? "./.data";
const backendUrl = `http://127.0.0.1:${backendPort}`;

// The worker bundles app/, contract/ and edge/; its assets are public/; build-edge.ts builds it with
// the build's own scripts (BUILD_SCRIPTS, which buildIsStale counts). Tests and other scripts do not count.
if (buildIsStale(EDGE_STAMP, ["edge", "public", "scripts/build-edge.ts"])) {
  console.log("Building the edge web tier…");
  const code = await buildEdge();
  if (code !== 0) process.exit(code);
}

const secrets = {
  SESSION_SECRET: process.env.SESSION_SECRET ?? keptSecret(dataDir, "session-secret"),
  RESPONSE_ENCRYPTION_KEY: process.env.RESPONSE_ENCRYPTION_KEY ?? keptSecret(dataDir, "response-key"),
  WEB_TIER_SECRET: process.env.WEB_TIER_SECRET ?? keptSecret(dataDir, "web-tier-secret"),
};

const backend = spawn(process.execPath, ["--import", "tsx", join(ROOT, "server.ts")], {
  env: { ...process.env, ...secrets, WEB_TIER: "off", PORT: String(backendPort), HOST: "127.0.0.1", DATA_DIR: dataDir },
  stdio: "inherit",
});
backend.once("exit", (code) => {
  console.error(`The backend stopped (exit code ${code}).`);
  process.exit(code ?? 1);
});

let web: EdgeWebTier | undefined;

// The backend is told first and stops on its own (server.ts closes its database on SIGTERM):
// miniflare's own signal hook ends this process as soon as workerd is disposed.
let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  backend.removeAllListeners("exit");
  backend.kill("SIGTERM");
  void (web?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
process.on("exit", () => {
  if (backend.exitCode === null) backend.kill("SIGTERM");
});

async function backendHealthy(): Promise<void> {
  for (let waited = 0; waited < 180_000; waited += 250) {
    try {
      if ((await fetch(`${backendUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet (first start migrates and seeds)
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the backend did not answer on ${backendUrl}/healthz`);
}

await backendHealthy();
// Loopback unless HOST says otherwise: miniflare believes a client's own CF-Connecting-IP, which
// Cloudflare's front end would replace.
web = await startEdgeWebTier({ port, host: process.env.HOST ?? "127.0.0.1", env: { ...process.env, ...secrets, CLIENT_API_URL: backendUrl } });
console.log(`Marketplace on http://localhost:${port} (web tier: workerd; backend: ${backendUrl})`);

