/** A private picture the backend answered as {contentType, base64}, as an image response nobody caches. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/bmp", "image/webp"]);

export function privateImageResponse(picture: { contentType: string; base64: string }): Response {
  const type = IMAGE_TYPES.has(picture.contentType) ? picture.contentType : "application/octet-stream";
  const bin = atob(picture.base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Response(bytes, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(bytes.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
