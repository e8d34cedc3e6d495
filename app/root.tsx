import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { HASH_ROUTE_SCRIPT } from "./services/hash-route";
import { LATE_PICTURES_SCRIPT } from "./services/late-pictures";
import { TIME_ZONE_SCRIPT, timeZoneOf } from "./services/time-zone";
import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "GiftMarket — sell gift cards for coins" },
  { name: "description", content: "Sell gift cards to verified merchants and cash out to your bank account." },
];

/** The zone every date on the page is rendered in (useTimeZone reads it; ADR 0010). */
export function loader({ request }: LoaderFunctionArgs) {
  return json({ timeZone: timeZoneOf(request) });
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // The head script adds a class until the pictures may load (late-pictures.ts): not a mismatch.
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f54d6" />
        <script dangerouslySetInnerHTML={{ __html: HASH_ROUTE_SCRIPT + LATE_PICTURES_SCRIPT + TIME_ZONE_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-gray-100 text-gray-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? "页面不存在，返回首页"
      : (error.data as { message?: string } | undefined)?.message ?? error.statusText
    : "Something went wrong.";
  return (
    <main className="mx-auto max-w-md p-6 text-center">
      <h1 className="text-xl font-semibold">{message}</h1>
      <p className="mt-4">
        <a className="text-brand-700 underline" href="/home">
          Home
        </a>
      </p>
    </main>
  );
}
