import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "~/services/kit/http.server";
import { Links, Meta, Outlet, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { HeadScript, LateStylesheet, PageScripts, Stylesheet } from "./services/layout/document-head";
import { timeZoneOf } from "./services/layout/time-zone";
import { useEffect } from "react";
import { registerWorker } from "./worker/register";

// The stylesheet is not among the links: <Stylesheet> links it, or the page carries its rules.
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (ADR 0077): the manifest, and the icon a home screen without manifests takes.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
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
    // The head script adds classes (script-class.ts, late-pictures.ts): not a mismatch.
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f54d6" />
        <HeadScript />
        <Meta />
        <Stylesheet />
        <Links />
      </head>
      <body className="min-h-full bg-gray-100 print:bg-white text-gray-900 antialiased">
        {children}
        <LateStylesheet />
        <PageScripts />
      </body>
    </html>
  );
}

export default function App() {
  // A hydrated page registers the service worker as the touches script does on the others (ADR 0077).
  useEffect(() => registerWorker(window), []);
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
