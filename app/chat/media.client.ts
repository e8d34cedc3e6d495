/**
 * Pictures and voice for chat, in the browser (docs/architecture.md#rule-7: loaded only with
 * the chat island).
 *
 * Pictures (docs/product/validation.md, docs/product/constants.md): jpeg, jpg, gif, png, bmp only ('Unsupport!' otherwise),
 * compressed to at most 1024 px on the longer side, JPEG quality 0.8.
 *
 * Voice (docs/product/constants.md): up to 15 s (recording stops by itself), clips of 1 s or less are
 * discarded, 16 kHz mono. How: the microphone is asked for one channel at 16 kHz, and
 * routed through an AudioContext running at 16000 Hz into a one-channel destination
 * whose stream MediaRecorder encodes (Opus in WebM or Ogg; AAC in MP4 on Safari). Where
 * the browser cannot run an AudioContext at 16 kHz or connect the microphone to it
 * (Firefox refuses mixed sample rates), the microphone's own stream is recorded as the
 * browser gives it (usually 48 kHz mono): the codec is what the browser can do, the
 * limits on length are the same.
 */
import { IMAGE_MAX_SIDE, JPEG_QUALITY_DEFAULT, VOICE_CHANNELS, VOICE_MAX_SECONDS, VOICE_SAMPLE_RATE } from "../../contract/constants";
import { compressImage } from "~/services/chat/images.client";
import { isSupportedImage } from "~/services/forms/sell";

export { isSupportedImage };

/** A chat picture as sent: at most 1024 px, JPEG 0.8. */
export function compressChatImage(file: Blob): Promise<Blob> {
  return compressImage(file, IMAGE_MAX_SIDE, JPEG_QUALITY_DEFAULT);
}

export interface Recording {
  /** Stops and gives the clip with its length. */
  stop(): Promise<{ blob: Blob; durationMs: number }>;
  /** Stops and throws the clip away. */
  cancel(): void;
  /** How it records, for the record ("16 kHz mono, audio/webm"). */
  readonly format: string;
}

const MIME_CANDIDATES = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4", "audio/webm"];

export function voiceSupported(): boolean {
  return typeof window !== "undefined" && typeof MediaRecorder !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);
}

/**
 * Starts recording. `onAutoStop` is called when the 15 s limit stopped it (call stop()
 * to collect the clip).
 */
export async function startRecording(onAutoStop: () => void, maxSeconds = VOICE_MAX_SECONDS): Promise<Recording> {
  const mic = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: VOICE_CHANNELS, sampleRate: VOICE_SAMPLE_RATE, echoCancellation: true, noiseSuppression: true },
  });
  let ctx: AudioContext | undefined;
  let stream: MediaStream = mic;
  let rate = mic.getAudioTracks()[0]?.getSettings().sampleRate;
  try {
    ctx = new AudioContext({ sampleRate: VOICE_SAMPLE_RATE });
    const source = ctx.createMediaStreamSource(mic);
    const dest = ctx.createMediaStreamDestination();
    dest.channelCount = VOICE_CHANNELS;
    dest.channelCountMode = "explicit";
    dest.channelInterpretation = "speakers";
    source.connect(dest);
    stream = dest.stream;
    rate = ctx.sampleRate;
  } catch {
    await ctx?.close().catch(() => undefined);
    ctx = undefined;
  }
  const mimeType = MIME_CANDIDATES.find((t) => MediaRecorder.isTypeSupported?.(t));
  const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: 24_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const done = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  const startedAt = performance.now();
  let stoppedAt = 0;
  const release = () => {
    mic.getTracks().forEach((t) => t.stop());
    void ctx?.close().catch(() => undefined);
  };
  const limit = setTimeout(() => {
    if (recorder.state === "recording") {
      stoppedAt = performance.now();
      recorder.stop();
      onAutoStop();
    }
  }, maxSeconds * 1000);
  recorder.start(250);
  const type = (recorder.mimeType || mimeType || "audio/webm").split(";")[0];

  return {
    format: `${rate ? `${Math.round(rate / 100) / 10} kHz` : "browser rate"} mono, ${type}`,
    async stop() {
      clearTimeout(limit);
      if (recorder.state !== "inactive") {
        stoppedAt = performance.now();
        recorder.stop();
      }
      await done;
      release();
      const end = stoppedAt || performance.now();
      return { blob: new Blob(chunks, { type }), durationMs: Math.min(end - startedAt, maxSeconds * 1000) };
    },
    cancel() {
      clearTimeout(limit);
      if (recorder.state !== "inactive") recorder.stop();
      release();
    },
  };
}
