/** A user's round picture, sized so nothing moves when it arrives; a person icon when there is none. */
import { UserIcon } from "./Icon";
import { cx } from "./cx";

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
  if (!src) {
    return (
      <span
        className={cx("inline-flex shrink-0 items-center justify-center rounded-full bg-gray-200 text-gray-600", className)}
        style={{ width: size, height: size }}
        aria-hidden="true"
      >
        <UserIcon className="h-5 w-5" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading={loading}
      width={size}
      height={size}
      className={cx("shrink-0 rounded-full bg-gray-200 object-cover", className)}
      style={{ width: size, height: size }}
    />
  );
}
