/** The withdrawer's payment picture, as either side sees it: opens whole in a new tab. */
import type { ReactNode } from "react";

export function ProofPicture({ src, alt, testId, caption }: { src: string; alt: string; testId: string; caption?: ReactNode }) {
  return (
    <figure className="m-0" data-testid={testId}>
      <a href={src} target="_blank" rel="noreferrer" className="block">
        <img
          src={src}
          alt={alt}
          width={480}
          height={640}
          className="mx-auto h-auto max-h-[28rem] w-auto max-w-full rounded-lg bg-gray-100 object-contain ring-1 ring-gray-200"
        />
      </a>
      {caption ? <figcaption className="mt-2 text-center text-xs text-gray-600">{caption}</figcaption> : null}
    </figure>
  );
}
