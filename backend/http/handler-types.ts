import type { CallInput, CallResponse, ClientPath } from "../../contract/index";
import type { CallContext } from "./context";

/** A handler: the parsed request of its call in, the response of its call out. */
export type Handler<P extends ClientPath> = (input: CallInput<P>, ctx: CallContext) => Promise<CallResponse<P>>;

/** Every call of the contract. A missing one fails to type-check in backend/handlers.ts. */
export type Handlers = { [P in ClientPath]: Handler<P> };

/** A domain's share of the handlers. */
export type HandlerGroup<K extends ClientPath> = { [P in K]: Handler<P> };
