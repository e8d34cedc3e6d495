import type { AnyCallInput, AnyCallResponse, AnyPath } from "../../contract/index";
import type { CallContext } from "./context";

/** A handler: the parsed request of its call in, the response of its call out. */
export type Handler<P extends AnyPath> = (input: AnyCallInput<P>, ctx: CallContext) => Promise<AnyCallResponse<P>>;

/** Every call of the contract (/client and staff). A missing one fails to type-check in backend/handlers.ts. */
export type Handlers = { [P in AnyPath]: Handler<P> };

/** A domain's share of the handlers. */
export type HandlerGroup<K extends AnyPath> = { [P in K]: Handler<P> };
