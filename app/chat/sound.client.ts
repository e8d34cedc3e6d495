/**
 * The notification sound for an incoming chat message (docs/product/screens.md: the profile's
 * Notification sound switch). The switch lives in localStorage "notificationSound"
 * ("1", "true" or "on" = on; default off). The sound is a short two-tone beep made
 * with WebAudio: no audio file to download.
 */
import { NOTIFICATION_SOUND_KEY } from "./sound-key";

export { NOTIFICATION_SOUND_KEY };

export function notificationSoundOn(): boolean {
  try {
    const v = localStorage.getItem(NOTIFICATION_SOUND_KEY);
    return v === "1" || v === "true" || v === "on";
  } catch {
    return false;
  }
}

let ctx: AudioContext | undefined;

export function beep(): void {
  try {
    const AC = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AC) return;
    ctx ??= new AC();
    if (ctx.state === "suspended") void ctx.resume();
    const t = ctx.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const start = t + i * 0.12;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.1);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.11);
    }
  } catch {
    /* no sound: not worth an error */
  }
}
