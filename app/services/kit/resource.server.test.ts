import { describe, expect, test } from "vitest";
import { notFoundText, privateImage, streamedImage } from "./resource.server";

const PNG = "iVBORw0KGgo="; // the first 8 bytes of any PNG

describe("resource answers", () => {
  test("a missing picture is plain text, private and never stored", async () => {
    const r = notFoundText("Image not found.");
    expect([r.status, await r.text()]).toEqual([404, "Image not found."]);
    expect(Object.fromEntries(r.headers)).toEqual({ "cache-control": "private, no-store", "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" });
    expect(notFoundText("Image not found.", 502).status).toBe(502);
  });

  test("a private picture keeps its image type and length; anything else is served as bytes", async () => {
    const r = privateImage({ contentType: "image/png", base64: PNG });
    expect(Object.fromEntries(r.headers)).toEqual({ "cache-control": "private, no-store", "content-type": "image/png", "content-length": "8", "x-content-type-options": "nosniff" });
    expect([...new Uint8Array(await r.arrayBuffer())].slice(0, 4)).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(privateImage({ contentType: "text/html", base64: PNG }).headers.get("content-type")).toBe("application/octet-stream");
  });

  test("a streamed picture is private unless it is an immutable file, which keeps the backend's caching", async () => {
    const upstream = (headers: Record<string, string>) => new Response("img", { headers });
    const own = streamedImage(upstream({ "Content-Type": "image/webp", "Content-Length": "3", "Cache-Control": "public, max-age=60" }));
    expect(Object.fromEntries(own.headers)).toEqual({ "cache-control": "private, no-store", "content-type": "image/webp", "content-length": "3", "x-content-type-options": "nosniff" });
    expect(await own.text()).toBe("img");
    const avatar = (h: Record<string, string>) => streamedImage(upstream(h), { type: "image/jpeg", caching: "immutable" }).headers;
    expect(avatar({ "Content-Type": "application/octet-stream" }).get("content-type")).toBe("image/jpeg");
    expect(avatar({}).get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(avatar({ "Cache-Control": "public, max-age=600" }).get("cache-control")).toBe("public, max-age=600");
  });
});
