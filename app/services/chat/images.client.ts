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
 * Replaces the pictures chosen in a file input by their compressed copies, so the form posts as usual
 * (a phone's 4 MB photo goes up as about 150 KB). Keeps a picture as it is when the browser cannot
 * decode it or the copy is no smaller, and the whole choice when it cannot be re-set: the server
 * then checks and shrinks the originals.
 */
export async function shrinkChosenPicture(input: HTMLInputElement, name: string): Promise<void> {
  const files = Array.from(input.files ?? []);
  if (files.length === 0 || typeof DataTransfer !== "function") return;
  try {
    const chosen = new DataTransfer();
    let smaller = false;
    for (const [i, file] of files.entries()) {
      const small = await compressImage(file).catch(() => null);
      const keep = !small || small.size >= file.size;
      smaller ||= !keep;
      chosen.items.add(keep ? file : new File([small], files.length > 1 ? `${name}-${i + 1}.jpg` : `${name}.jpg`, { type: "image/jpeg" }));
    }
    if (smaller) input.files = chosen.files;
  } catch {
    // Files not settable: the originals go up.
  }
}
