/**
 * The pull-to-refresh gesture and its indicator, plain React (no Remix), for the point-mall island,
 * which reloads the page with it (ADR 0067). On a touch screen, pulling down while the page is at its top shows "Pull to
 * refresh", past the threshold "Release to refresh", and letting go refreshes while
 * "Refreshing…" shows.
 */
import { useEffect, useRef, useState } from "react";
import { cx } from "./cx";
import { Spinner } from "./Spinner";

/** How far (px, after resistance) the indicator must come down before letting go refreshes. */
export const PULL_THRESHOLD = 64;
const PULL_MAX = 96;

/** The finger's travel turned into the indicator's: half as far (it resists), never past PULL_MAX. */
export const pullDistance = (dy: number) => (dy <= 0 ? 0 : Math.min(dy / 2, PULL_MAX));

export type PullPhase = "idle" | "pulling" | "armed" | "refreshing";

export function pullPhase(distance: number, refreshing: boolean, threshold = PULL_THRESHOLD): PullPhase {
  if (refreshing) return "refreshing";
  return distance >= threshold ? "armed" : distance > 0 ? "pulling" : "idle";
}

const PHASE_TEXT: Record<PullPhase, string> = { idle: "", pulling: "Pull to refresh", armed: "Release to refresh", refreshing: "Refreshing…" };

/**
 * Tracks a downward pull that starts at the top of the page (not inside a dialog) and calls
 * `onRefresh` when it is let go past the threshold; returns the indicator's distance.
 */
export function usePullToRefresh(onRefresh: () => void, threshold = PULL_THRESHOLD): number {
  const [distance, setDistance] = useState(0);
  const latest = useRef(onRefresh);
  latest.current = onRefresh;
  useEffect(() => {
    let startY: number | null = null;
    let startX = 0;
    let pulled = 0;
    const reset = () => {
      startY = null;
      pulled = 0;
      setDistance(0);
    };
    const onStart = (e: TouchEvent) => {
      const inDialog = e.target instanceof Element && e.target.closest('[role="dialog"],[role="alertdialog"]');
      startY = e.touches.length === 1 && window.scrollY <= 0 && !inDialog ? e.touches[0].clientY : null;
      startX = e.touches[0]?.clientX ?? 0;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = e.touches[0].clientY - startY;
      // A sideways swipe (a carousel) that drifts down is not a pull.
      if (pulled === 0 && Math.abs(e.touches[0].clientX - startX) > Math.max(dy, 8)) return reset();
      pulled = pullDistance(dy);
      // Ours, not the browser's: its own pull-to-refresh would reload the whole page.
      if (pulled > 0 && e.cancelable) e.preventDefault();
      setDistance(pulled);
    };
    const onEnd = () => {
      if (startY === null) return;
      if (pulled >= threshold) latest.current();
      reset();
    };
    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchmove", onMove, { passive: false });
    window.addEventListener("touchend", onEnd);
    window.addEventListener("touchcancel", reset);
    return () => {
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("touchend", onEnd);
      window.removeEventListener("touchcancel", reset);
    };
  }, [threshold]);
  return distance;
}

/** The pull indicator: a pill that comes down from the top of the screen with the finger. */
export function PullIndicator({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const distance = usePullToRefresh(onRefresh);
  const phase = pullPhase(distance, refreshing);
  const shown = phase === "refreshing" ? PULL_THRESHOLD : distance;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center"
      style={{ transform: `translateY(${shown - 48}px)`, opacity: phase === "idle" ? 0 : 1 }}
      data-testid="pull-indicator"
      data-phase={phase}
    >
      <span className="mt-2 inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-gray-800 shadow-md ring-1 ring-gray-200">
        {phase === "refreshing" ? (
          <Spinner className="h-4 w-4 text-brand-700" />
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={cx("h-4 w-4 text-brand-700 motion-safe:transition-transform", phase === "armed" && "rotate-180")} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
            <path d="M12 5v14M6 13l6 6 6-6" />
          </svg>
        )}
        {PHASE_TEXT[phase]}
      </span>
    </div>
  );
}

