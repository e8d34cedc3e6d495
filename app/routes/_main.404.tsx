/**
 * /404 (docs/product/screens.md): the page does not exist, return home (the text is in
 * Chinese, as the spec says; its glyphs come with the page: NotFoundFont). Unknown paths redirect to /home ($.tsx); this
 * page is only reached by its own address.
 */
import { json, type MetaFunction } from "~/services/kit/http.server";
import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui";
import { NOT_FOUND_FAMILY, NotFoundFont } from "~/components/ui/NotFoundFont";

export const NOT_FOUND_TEXT = "页面不存在，返回首页";

export const meta: MetaFunction = () => [{ title: "404 | GiftMarket" }];

export const loader = () => json(null, { status: 404 });

export default function NotFound() {
  return (
    <section lang="zh-CN" className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center" style={{ fontFamily: NOT_FOUND_FAMILY }}>
      <NotFoundFont />
      <p className="num text-6xl font-bold text-gray-300" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-lg font-semibold text-gray-900">{NOT_FOUND_TEXT}</h1>
      <Link to="/home" className={buttonClasses({ className: "mt-6" })}>
        首页 · Home
      </Link>
    </section>
  );
}
