/**
 * An HTTP/2 front for the slow-3G runs: what a phone meets in production is a CDN or an edge
 * host speaking HTTP/2 over TLS, which then talks to our origin (ADR 0029). Over
 * HTTP/1.1 Chromium opens at most six connections per host and every further script waits a
 * whole round trip for a free one; over HTTP/2 they share one connection. The front is a
 * plain relay: same bytes, same headers (hop-by-hop ones aside), keep-alive to the origin.
 * A throw-away self-signed certificate is made with openssl for each run; Chromium is told to
 * accept it (--ignore-certificate-errors) only in the bench.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Headers that belong to one connection, not to the message (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "host", "http2-settings"]);

function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "h2-front-"));
  try {
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "1",
      "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ], { stdio: "ignore" });
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface H2Front {
  url: string;
  close(): Promise<void>;
}

/** Starts an HTTPS/HTTP-2 relay on loopback in front of `origin` (http://127.0.0.1:port). */
export async function startH2Front(origin: string): Promise<H2Front> {
  const target = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(selfSigned());
  server.on("stream", (stream, headers) => {
    const out: http.OutgoingHttpHeaders = { host: target.host };
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: String(headers[":method"]), path: String(headers[":path"]), headers: out, agent },
      (res) => {
        const back: http2.OutgoingHttpHeaders = { ":status": res.statusCode ?? 502 };
        for (const [name, value] of Object.entries(res.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
        }
        if (stream.destroyed) return res.resume();
        stream.respond(back);
        res.pipe(stream);
      },
    );
    upstream.on("error", () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ ":status": 502 });
      stream.end();
    });
    stream.on("error", () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open sessions (the browser's) would hold close() forever.
        setTimeout(resolve, 2000).unref();
      }),
  };
}
