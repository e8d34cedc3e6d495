import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import type { ServerFrame } from "../../contract/chat-protocol";
import { toNodeHandler } from "../../backend/http/node-adapter";
import { attachChatWebSocket } from "../../backend/modules/chat/ws";
import type { Envelope, TestBackend } from "./backend";

/** Helpers for the chat tests: sign-in data, the HTTP API, a real server with the socket, a socket client. */

export interface ChatAuth {
  userId: string;
  userSig: string;
  header: string;
}

export async function chatAuth(t: TestBackend, token: string): Promise<ChatAuth> {
  const res = await t.call("/im/getUserSig", {}, { token });
  if (res.code !== 1) throw new Error(`getUserSig: ${res.msg}`);
  const { userId, userSig } = res.data as { userId: string; userSig: string };
  return { userId, userSig, header: `TLS ${userId}:${userSig}` };
}

/** POST /chat/api/<name> with JSON (through the backend's Fetch handler, no socket). */
export async function chatApi<T = any>(t: TestBackend, auth: ChatAuth | string | undefined, name: string, body: unknown = {}): Promise<Envelope<T>> {
  const headers = new Headers({ "content-type": "application/json" });
  if (auth) headers.set("authorization", typeof auth === "string" ? auth : auth.header);
  const res = await t.backend.handle(new Request(`http://test/chat/api/${name}`, { method: "POST", headers, body: JSON.stringify(body) }), { trusted: true });
  return (await res.json()) as Envelope<T>;
}

export async function chatUpload<T = any>(
  t: TestBackend,
  auth: ChatAuth,
  file: { bytes: Uint8Array; name: string; type: string },
  fields: Record<string, string>,
): Promise<Envelope<T>> {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await t.backend.handle(
    new Request("http://test/chat/api/upload", { method: "POST", headers: { authorization: auth.header }, body: form }),
    { trusted: true },
  );
  return (await res.json()) as Envelope<T>;
}

export async function chatGet(t: TestBackend, url: string, headers: Record<string, string> = {}): Promise<Response> {
  return t.backend.handle(new Request(`http://test${url}`, { headers }), { trusted: true });
}

/** A minimal WebM (EBML) header followed by filler: enough for the server's container check. */
export function fakeWebm(bytes = 2000): Uint8Array {
  const b = new Uint8Array(bytes);
  b.set([0x1a, 0x45, 0xdf, 0xa3]);
  for (let i = 4; i < bytes; i++) b[i] = (i * 31) & 255;
  return b;
}

/** A real HTTP server on 127.0.0.1 (port 0) serving the backend's handler and the chat socket. */
export async function startChatServer(t: Pick<TestBackend, "backend">) {
  const server: Server = createServer(toNodeHandler(t.backend.handle));
  const socket = attachChatWebSocket(server, t.backend.chat, { heartbeatMs: 60_000 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    wsUrl: `ws://127.0.0.1:${port}/chat/ws`,
    async close() {
      await socket.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A socket client that records every frame and can wait for one. */
export class ChatClient {
  readonly frames: ServerFrame[] = [];
  private waiters: Array<{ test: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }> = [];
  closed: { code: number; reason: string } | undefined;
  private closedWaiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.closedWaiters.forEach((r) => r());
    });
  }

  static async open(url: string): Promise<ChatClient> {
    const ws = new WebSocket(url);
    const client = new ChatClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return client;
  }

  /** Opens, signs in and waits for "synced". */
  static async connect(url: string, auth: { userId: string; userSig: string }, since?: number): Promise<ChatClient> {
    const c = await ChatClient.open(url);
    c.send({ op: "auth", userId: auth.userId, userSig: auth.userSig, ...(since !== undefined ? { since } : {}) });
    await c.waitFor((f) => f.op === "synced" || f.op === "error");
    return c;
  }

  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame (already received or coming) matching `test`. */
  waitFor<F extends ServerFrame = ServerFrame>(test: (f: ServerFrame) => boolean, timeoutMs = 15_000, fromIndex = 0): Promise<F> {
    const seen = this.frames.slice(fromIndex).find(test);
    if (seen) return Promise.resolve(seen as F);
    return new Promise<F>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for a frame; got ${JSON.stringify(this.frames.slice(-5))}`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as F);
        },
      });
    });
  }

  messages() {
    return this.frames.flatMap((f) => (f.op === "message" ? [f.message] : []));
  }

  waitClosed(timeoutMs = 8000): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("socket did not close")), timeoutMs);
      this.closedWaiters.push(() => {
        clearTimeout(timer);
        resolve(this.closed!);
      });
    });
  }

  async close() {
    if (this.closed) return;
    const done = this.waitClosed();
    this.ws.close();
    await done;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
