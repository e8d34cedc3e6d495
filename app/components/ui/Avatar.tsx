/** A user's round picture, sized so nothing moves when it arrives; a person icon when there is none. */
import { UserIcon } from "./Icon";
import { cx } from "./cx";
import { latePicture } from "../../services/layout/late-pictures";

export function Avatar({
  src,
  size = 32,
  className,
  loading = "lazy",
}: {
  src?: string | null;
  size?: number;
  className?: string;
  /** Lazy by default: avatars fill lists; the top bar's own is "eager". */
  loading?: "lazy" | "eager";
}) {
  // One box for the picture and for the icon: it holds the place, and a lazy picture waits in it
  // for the page's scripts (ADR 0043). Decorative either way: the name is always beside it.
  return (
    <span
      className={cx("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gray-200 text-gray-600", className)}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          {...(loading === "lazy" ? latePicture : { loading })}
          className="block h-full w-full object-cover"
        />
      ) : (
        <UserIcon className="h-5 w-5" />
      )}
    </span>
  );
}
