/** An inline QR code (made on the server by qr.server.ts); the text it holds is its accessible name. */
import type { QrSvg } from "./qr.server";

export function QrCode({ qr, label, className }: { qr: QrSvg; label: string; className?: string }) {
  return (
    <svg
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      width={200}
      height={200}
      className={className}
      xmlns="http://www.w3.org/2000/svg"
      data-testid="qr-code"
    >
      <rect width={qr.size} height={qr.size} fill="#ffffff" />
      <path d={qr.path} fill="#111827" />
    </svg>
  );
}
