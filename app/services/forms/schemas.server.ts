/**
 * The form schemas and parseWithZod as route modules import them (for their actions). A route's
 * browser build drops the action but keeps its imports as side-effect imports (a schema module's
 * top-level zod calls, and even `import "@conform-to/zod"`, survive): imported by a route directly,
 * they would put zod back on the page. A `.server` module is emptied in the browser
 * build, so routes import them from here; the browser fetches schemas only through use-schema-form.
 */
export { parseWithZod } from "@conform-to/zod";
export * from "./auth.schema";
export * from "./feedback.schema";
export * from "./membership.schema";
export * from "./profile.schema";
export * from "./security.schema";
export * from "./sell.schema";
export * from "./two-factor.schema";
export * from "./virtual-coin.schema";
export * from "./wallet.schema";
export * from "./withdrawals.schema";
