/**
 * REMIX_TARGET=edge (npm run build:edge) builds the web tier as one module worker for workerd
 * (edge/worker.ts with the server build bundled in, every dependency included, resolved with the
 * worker/browser conditions) and its browser build beside it in build/edge/assets; otherwise the
 * Node build (build/index.js, public/build) that server.ts serves.
 */
const edge = process.env.REMIX_TARGET === "edge";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.ts", "**/*.test.tsx"],
  serverModuleFormat: "esm",
  tailwind: true,
  postcss: true,
  ...(edge
    ? {
        server: "./edge/worker.ts",
        serverBuildPath: "build/edge/worker.js",
        assetsBuildDirectory: "build/edge/assets/build",
        serverPlatform: "neutral",
        serverConditions: ["workerd", "worker", "browser"],
        serverMainFields: ["browser", "module", "main"],
        serverDependenciesToBundle: "all",
        serverMinify: true,
      }
    : {}),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
