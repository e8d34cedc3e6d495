import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import {
  AUTH_TIMEOUT_MS,
  CHAT_WS_PATH,
  CLOSE_AUTH,
  CLOSE_RESTART,
  CLOSE_SLOW,
  parseClientFrame,
  type ClientFrame,
  type ServerFrame,
} from "../../../contract/chat-protocol";
import { Code } from "../../../contract/envelope";
import { ApiError } from "../../http/errors";
import type { ChatService } from "./service";
import { ChatSession } from "./session";

/**
 * The built-in chat's WebSocket at /chat/ws (protocol: contract/chat-protocol.ts).
 * `attachChatWebSocket(server, chat)` hooks the HTTP server's 'upgrade' event; server.ts
 * calls it once with the backend's chat service.
 */

export interface ChatSocketOptions {
  /** A client this far behind (bytes not yet written to its socket) is dropped; it reconnects and resumes. */
  maxBufferedBytes?: number;
  /** Server pings; a socket that misses one is closed. */
  heartbeatMs?: number;
  /** Sends per second a socket may make (burst: 3 seconds' worth). */
  sendsPerSecond?: number;
}

const MAX_FRAME_BYTES = 64 * 1024;

export function attachChatWebSocket(server: Server, chat: ChatService, opts: ChatSocketOptions = {}) {
  const maxBuffered = opts.maxBufferedBytes ?? 4 * 1024 * 1024;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const alive = new WeakMap<WebSocket, boolean>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== CHAT_WS_PATH) {
      // Someone else's upgrade (none today): leave it alone unless nobody else listens.
      if (server.listenerCount("upgrade") <= 1) socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  };
  server.on("upgrade", onUpgrade);

  wss.on("connection", (ws: WebSocket) => serve(ws));

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref?.();

  function serve(ws: WebSocket) {
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    let session: ChatSession | undefined;
    let authing = false;
    /** Signed in and replayed ("synced" sent): frames are handled as they come. */
    let ready = false;
    const early: unknown[] = [];
    let expiryTimer: NodeJS.Timeout | undefined;
    const rate = opts.sendsPerSecond ?? 20;
    let tokens = rate * 3;
    let lastRefill = Date.now();

    const transport = {
      get open() {
        return ws.readyState === ws.OPEN;
      },
      send(frame: ServerFrame) {
        if (ws.readyState !== ws.OPEN) return;
        if (ws.bufferedAmount > maxBuffered) {
          ws.send(JSON.stringify({ op: "error", code: "slow" } satisfies ServerFrame));
          ws.close(CLOSE_SLOW, "too slow");
          return;
        }
        ws.send(JSON.stringify(frame));
      },
    };
    const reply = (frame: ServerFrame) => transport.send(frame);
    const refuseAuth = () => {
      reply({ op: "error", code: "auth" });
      ws.close(CLOSE_AUTH, "auth");
    };

    const authTimer = setTimeout(() => {
      if (!session) refuseAuth();
    }, AUTH_TIMEOUT_MS);

    ws.on("close", () => {
      clearTimeout(authTimer);
      if (expiryTimer) clearTimeout(expiryTimer);
      session?.close();
    });
    ws.on("error", () => ws.terminate());

    ws.on("message", (data, isBinary) => {
      if (isBinary) return reply({ op: "error", code: "frame", msg: "Text frames only." });
      let raw: unknown;
      try {
        raw = JSON.parse(data.toString());
      } catch {
        return reply({ op: "error", code: "frame", msg: "Frames are JSON." });
      }
      if (!ready && authing) {
        // Frames sent right behind "auth" wait for the sign-in and the replay.
        if (early.length >= 100) return refuseAuth();
        early.push(raw);
        return;
      }
      onFrame(raw);
    });

    function onFrame(raw: unknown) {
      const parsed = parseClientFrame(raw);
      if (!session) {
        // Before sign-in only "auth" is accepted; anything else ends the socket.
        if (!parsed.ok || parsed.frame.op !== "auth") return refuseAuth();
        authing = true;
        void signIn(parsed.frame);
        return;
      }
      if (!parsed.ok) {
        // A send we cannot accept is still answered by its clientMsgId, so the client can show why.
        const r = raw && typeof raw === "object" ? (raw as { op?: unknown; clientMsgId?: unknown }) : undefined;
        if (r?.op === "send" && typeof r.clientMsgId === "string") return reply({ op: "nack", clientMsgId: r.clientMsgId.slice(0, 64), msg: parsed.msg, code: Code.INVALID });
        return reply({ op: "error", code: "frame", msg: parsed.msg });
      }
      void handle(parsed.frame);
    }

    async function signIn(frame: Extract<ClientFrame, { op: "auth" }>) {
      try {
        const auth = await chat.authenticate(frame.userId, frame.userSig);
        if (!auth || ws.readyState !== ws.OPEN) return refuseAuth();
        clearTimeout(authTimer);
        session = new ChatSession(chat, auth.user, transport);
        // The signature's end ends the socket too (the client signs in again).
        const ms = auth.expiresAt * 1000 - chat.services.clock.now().getTime();
        if (ms < 2 ** 31 - 1) {
          expiryTimer = setTimeout(refuseAuth, Math.max(0, ms));
          expiryTimer.unref?.();
        }
        await session.start(frame.since ?? 0);
        ready = true;
        for (const raw of early.splice(0)) onFrame(raw);
      } catch (err) {
        chat.log(`[chat] sign-in failed: ${err instanceof Error ? err.message : String(err)}`);
        reply({ op: "error", code: "internal" });
        ws.close(1011, "internal");
      }
    }

    async function handle(frame: ClientFrame) {
      const user = session!.user;
      switch (frame.op) {
        case "ping":
          return reply({ op: "pong" });
        case "auth":
          return reply({ op: "error", code: "frame", msg: "Already signed in." });
        case "read":
          try {
            await chat.read(user, frame.conversationId, frame.messageId);
          } catch (err) {
            reply({ op: "error", code: "frame", msg: err instanceof ApiError ? err.message : "Server internal error" });
            if (!(err instanceof ApiError)) chat.log(`[chat] read failed: ${err instanceof Error ? err.message : String(err)}`);
          }
          return;
        case "send": {
          const now = Date.now();
          tokens = Math.min(rate * 3, tokens + ((now - lastRefill) / 1000) * rate);
          lastRefill = now;
          if (tokens < 1) return reply({ op: "nack", clientMsgId: frame.clientMsgId, msg: "Too many messages. Please slow down.", code: Code.TOO_MANY });
          tokens -= 1;
          try {
            const { op: _op, ...input } = frame;
            const { message } = await chat.send(user, input);
            reply({ op: "ack", clientMsgId: frame.clientMsgId, message });
          } catch (err) {
            if (err instanceof ApiError) return reply({ op: "nack", clientMsgId: frame.clientMsgId, msg: err.message, code: err.code });
            chat.log(`[chat] send failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
            reply({ op: "nack", clientMsgId: frame.clientMsgId, msg: "Server internal error", code: Code.INTERNAL });
          }
          return;
        }
      }
    }
  }

  return {
    wss,
    /**
     * Stops taking upgrades and closes every socket with 1012 Service Restart, the hint to
     * reconnect at once (to another process behind the proxy: ADR 0082); a socket that has not
     * finished closing after `graceMs` is cut.
     */
    async close(graceMs = 2_000): Promise<void> {
      clearInterval(heartbeat);
      server.off("upgrade", onUpgrade);
      const closed = [...wss.clients].map((ws) => new Promise<void>((resolve) => {
        ws.once("close", () => resolve());
        ws.close(CLOSE_RESTART, "Service Restart");
      }));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
