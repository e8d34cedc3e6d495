/**
 * What both ChatPort adapters (builtin.client.ts, tencent.client.ts) share: the event
 * emitter behind `on`, and the link status sent as "status" events when it changes.
 * Imported only by the adapters, which are loaded through a dynamic import().
 */
import { Emitter, type ChatEventName, type ChatEvents, type ChatStatus } from "./port";

export abstract class ChatAdapterBase {
  protected readonly events = new Emitter();
  protected status: ChatStatus = "connecting";

  on<E extends ChatEventName>(event: E, cb: (payload: ChatEvents[E]) => void): () => void {
    return this.events.on(event, cb);
  }

  protected setStatus(s: ChatStatus) {
    if (this.status === s) return;
    this.status = s;
    this.events.emit("status", s);
  }
}
