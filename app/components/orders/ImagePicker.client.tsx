/**
 * The card-image picker of a picture offer (docs/product/validation.md, docs/product/constants.md), a client-only island
 * loaded lazily by /sellCard behind <ClientOnly>. Without JavaScript the page
 * has a plain multipart file input instead and the server compresses.
 *
 * - Up to `max` images (10). jpeg, jpg, gif, png, bmp only; others show 'Unsupport!'.
 * - Each image is compressed here to at most 1024 px on its longer side, JPEG
 *   quality 0.5 (canvas), then uploaded with XMLHttpRequest (for its progress
 *   events) to the route's upload endpoint, one at a time (3G).
 * - A progress bar per image; 'Fail!' when the upload fails (Retry offered).
 * - The uploaded paths go in a hidden input (`name`, pipe-joined), so the form
 *   posts them like any other field. An `input` event on it lets conform
 *   revalidate the field.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { UPLOAD_TIMEOUT_MS } from "../../../contract/constants";
import { MESSAGES } from "../../../contract/messages";
import { cx } from "~/components/ui/cx";
import { CloseIcon } from "~/components/ui";
import { IMAGE_ACCEPT, isSupportedImage } from "~/services/forms/sell";
import { compressImage } from "~/services/chat/images.client";

type Status = "compressing" | "uploading" | "done" | "unsupported" | "failed";

interface Item {
  id: string;
  name: string;
  file: File;
  status: Status;
  /** 0..1 */
  progress: number;
  path?: string;
  /** Object URL of what is uploaded (the compressed JPEG). */
  preview?: string;
  /** The server's reason, when it gave one. */
  reason?: string;
}

export interface ImagePickerState {
  paths: string[];
  /** True while an image is being compressed or uploaded. */
  busy: boolean;
}

export interface ImagePickerProps {
  /** Name of the hidden input that carries the paths ("cardImg"). */
  name: string;
  /** Where each image is POSTed (multipart {file, secret}); answers {path} or {error}. */
  uploadUrl: string;
  /** The order secret (the route hashes it for the customer key). */
  secret: string;
  max: number;
  /** Id of the field's error line (aria-describedby). */
  errorId?: string;
  invalid?: boolean;
  onChange?: (state: ImagePickerState) => void;
}

// ------------------------------------------------------------ upload

class UploadError extends Error {}

function upload(url: string, blob: Blob, filename: string, secret: string, onProgress: (p: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      const body = xhr.response as { path?: string; error?: string } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body.path === "string") resolve(body.path);
      else reject(new UploadError(body?.error ?? ""));
    };
    xhr.onerror = () => reject(new UploadError(""));
    xhr.ontimeout = () => reject(new UploadError(""));
    const form = new FormData();
    form.append("file", blob, filename);
    form.append("secret", secret);
    xhr.send(form);
  });
}

const jpegName = (name: string) => (name.replace(/\.[^.]*$/, "") || "card") + ".jpg";

let seq = 0;
const newId = () => `img-${Date.now().toString(36)}-${(seq++).toString(36)}`;

// ------------------------------------------------------------ component

export default function ImagePicker({ name, uploadUrl, secret, max, errorId, invalid, onChange }: ImagePickerProps) {
  const [items, setItems] = useState<Item[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const alive = useRef(true);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      for (const it of itemsRef.current) if (it.preview) URL.revokeObjectURL(it.preview);
    };
  }, []);

  const patch = useCallback((id: string, p: Partial<Item>) => {
    if (!alive.current) return;
    setItems((list) => list.map((it) => (it.id === id ? { ...it, ...p } : it)));
  }, []);

  const enqueue = useCallback(
    (item: Item) => {
      // One at a time: compress, then upload, then the next.
      queue.current = queue.current.then(async () => {
        if (!alive.current) return;
        if (!itemsRef.current.some((it) => it.id === item.id)) return; // removed meanwhile
        patch(item.id, { status: "compressing", progress: 0, reason: undefined });
        let blob: Blob = item.file;
        try {
          blob = await compressImage(item.file);
        } catch {
          // The browser cannot decode it (an unusual BMP, say): send it as it is; the server compresses.
        }
        const preview = URL.createObjectURL(blob);
        patch(item.id, { status: "uploading", preview });
        try {
          const path = await upload(uploadUrl, blob, jpegName(item.name), secret, (p) => patch(item.id, { progress: p }));
          patch(item.id, { status: "done", progress: 1, path });
        } catch (e) {
          const reason = e instanceof UploadError && e.message ? e.message : undefined;
          patch(item.id, {
            status: reason === MESSAGES.unsupportedImage ? "unsupported" : "failed",
            reason: reason && reason !== MESSAGES.unsupportedImage && reason !== MESSAGES.uploadFailed ? reason : undefined,
          });
        }
      });
    },
    [patch, secret, uploadUrl],
  );

  const live = items.filter((it) => it.status !== "unsupported" && it.status !== "failed");
  const room = Math.max(0, max - live.length);

  function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const picked = Array.from(files);
    const next: Item[] = [];
    let slots = room;
    for (const file of picked) {
      const supported = isSupportedImage(file);
      if (supported && slots <= 0) continue;
      const item: Item = { id: newId(), name: file.name, file, status: supported ? "compressing" : "unsupported", progress: 0 };
      if (supported) slots--;
      next.push(item);
    }
    setItems((list) => [...list, ...next]);
    itemsRef.current = [...itemsRef.current, ...next];
    for (const it of next) if (it.status === "compressing") enqueue(it);
    if (fileInput.current) fileInput.current.value = "";
  }

  function remove(id: string) {
    const it = items.find((x) => x.id === id);
    if (it?.preview) URL.revokeObjectURL(it.preview);
    setItems((list) => list.filter((x) => x.id !== id));
  }

  function retry(id: string) {
    const it = items.find((x) => x.id === id);
    if (!it) return;
    if (it.preview) URL.revokeObjectURL(it.preview);
    const fresh = { ...it, status: "compressing" as const, progress: 0, preview: undefined, reason: undefined };
    setItems((list) => list.map((x) => (x.id === id ? fresh : x)));
    itemsRef.current = itemsRef.current.map((x) => (x.id === id ? fresh : x));
    enqueue(fresh);
  }

  const paths = items.filter((it) => it.status === "done" && it.path).map((it) => it.path!);
  const busy = items.some((it) => it.status === "compressing" || it.status === "uploading");
  const value = paths.join("|");

  // Tell the page, and let conform revalidate the hidden field.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const first = useRef(true);
  useEffect(() => {
    onChangeRef.current?.({ paths: value ? value.split("|") : [], busy });
    if (first.current) {
      first.current = false;
      return;
    }
    hidden.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [value, busy]);

  const inputId = `${name}-picker`;
  return (
    <div data-testid="image-picker" aria-busy={busy || undefined}>
      <input ref={hidden} type="hidden" name={name} value={value} />
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Card images">
        {items.map((it, i) => (
          <li
            key={it.id}
            className={cx(
              "relative aspect-square overflow-hidden rounded-lg bg-gray-100 ring-1 ring-inset",
              it.status === "unsupported" || it.status === "failed" ? "ring-money-out-200" : "ring-gray-200",
            )}
            data-status={it.status}
          >
            {it.preview ? (
              <img src={it.preview} alt={`Card image ${i + 1}`} width={120} height={120} className="h-full w-full object-cover" />
            ) : (
              <span className="flex h-full w-full items-center justify-center break-all p-2 text-center text-xs text-gray-600">
                {it.name}
              </span>
            )}
            {it.status === "compressing" || it.status === "uploading" ? (
              <div className="absolute inset-x-2 bottom-2">
                <div
                  role="progressbar"
                  aria-label={`Uploading ${it.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(it.progress * 100)}
                  className="h-1.5 overflow-hidden rounded-full bg-white/80"
                >
                  <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(it.progress * 100)}%` }} />
                </div>
              </div>
            ) : null}
            {it.status === "unsupported" || it.status === "failed" ? (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-white/85 p-1 text-center">
                <span className="text-sm font-semibold text-money-out-700" role="alert">
                  {it.status === "unsupported" ? MESSAGES.unsupportedImage : MESSAGES.uploadFailed}
                </span>
                {it.reason ? <span className="line-clamp-2 text-[11px] leading-tight text-gray-700">{it.reason}</span> : null}
                {it.status === "failed" ? (
                  <button type="button" onClick={() => retry(it.id)} className="rounded px-2 py-1 text-xs font-medium text-brand-700 underline">
                    Retry
                  </button>
                ) : null}
              </div>
            ) : null}
            {it.status === "done" ? (
              <span className="absolute left-1 top-1 rounded bg-money-in-700 px-1.5 text-[11px] font-medium leading-5 text-white">
                {i + 1}
              </span>
            ) : null}
            <button
              type="button"
              onClick={() => remove(it.id)}
              className="absolute right-1 top-1 inline-flex h-7 w-7 items-center justify-center rounded-full bg-gray-900/70 text-white hover:bg-gray-900"
            >
              <CloseIcon className="h-4 w-4" />
              <span className="sr-only">Remove {it.name}</span>
            </button>
          </li>
        ))}
        {room > 0 ? (
          <li className="aspect-square">
            <label
              htmlFor={inputId}
              className={cx(
                "flex h-full w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed bg-white text-center text-sm font-medium text-brand-700 hover:bg-brand-50",
                "focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600",
                invalid ? "border-money-out-700" : "border-gray-300",
              )}
            >
              <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
                <path d="M12 5v14M5 12h14" strokeLinecap="round" />
              </svg>
              Add image
              <input
                ref={fileInput}
                id={inputId}
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                className="sr-only"
                aria-describedby={errorId}
                aria-invalid={invalid || undefined}
                onChange={(e) => add(e.currentTarget.files)}
                data-testid="image-input"
              />
            </label>
          </li>
        ) : null}
      </ul>
      <p className="mt-1 text-sm text-gray-600">
        {live.length}/{max} images · compressed before upload
      </p>
    </div>
  );
}
