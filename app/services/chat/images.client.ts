/**
 * Images made small in the browser before they go up a slow connection (docs/product/validation.md, docs/product/constants.md):
 * the card pictures of the sell form, the chat's pictures, the avatar and the ID photos. Browser-only.
 */
import { IMAGE_MAX_SIDE, JPEG_QUALITY_LOW } from "../../../contract/constants";

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close(): void }> {
  if (typeof createImageBitmap === "function") {
    const bmp = await createImageBitmap(file);
    return { source: bmp, width: bmp.width, height: bmp.height, close: () => bmp.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = "async";
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => URL.revokeObjectURL(url) };
  } catch (e) {
    URL.revokeObjectURL(url);
    throw e;
  }
}

/** At most IMAGE_MAX_SIDE px on the longer side, JPEG at JPEG_QUALITY_LOW; transparent areas become white. */
export async function compressImage(file: Blob, maxSide = IMAGE_MAX_SIDE, quality = JPEG_QUALITY_LOW): Promise<Blob> {
  const img = await decode(file);
  try {
    const scale = Math.min(1, maxSide / Math.max(img.width, img.height));
    const width = Math.max(1, Math.round(img.width * scale));
    const height = Math.max(1, Math.round(img.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d canvas");
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(img.source, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (!blob) throw new Error("canvas.toBlob gave nothing");
    return blob;
  } finally {
    img.close();
  }
}


/**
 * Replaces the picture chosen in a file input by its compressed copy, so the form posts as usual
 * (a phone's 4 MB photo goes up as about 150 KB). Leaves the choice alone when the browser cannot
 * decode or re-set it: the server then checks and shrinks the original.
 */
export async function shrinkChosenPicture(input: HTMLInputElement, name: string): Promise<void> {
  const file = input.files?.[0];
  if (!file || typeof DataTransfer !== "function") return;
  try {
    const small = await compressImage(file);
    if (small.size >= file.size) return;
    const chosen = new DataTransfer();
    chosen.items.add(new File([small], `${name}.jpg`, { type: "image/jpeg" }));
    input.files = chosen.files;
  } catch {
    // Not decodable here (or files not settable): the original goes up.
  }
}
