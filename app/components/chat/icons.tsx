/** Chat's own icons (inline SVG, currentColor, decorative). */
import { IconSvg as Svg } from "~/components/ui/Icon";

export function PictureIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m21 16-5-5-8 9" />
    </Svg>
  );
}

export function MicIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
    </Svg>
  );
}

export function SendIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M4 12 20 4l-4 16-4-7-8-1z" />
      <path d="m12 13 8-9" />
    </Svg>
  );
}

export function StopIcon({ className }: { className?: string }) {
  return (
    <Svg className={className}>
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </Svg>
  );
}
