/**
 * /security/{label}: the security settings (docs/product/screens.md). This layout draws the heading and the tab
 * bar (links, so it works without JavaScript); each tab is its own route below it
 * (_main.security.<label>.tsx), and _main.security.$label.tsx answers the tabs still to come.
 */
import { Outlet, useMatches } from "@remix-run/react";
import { Tabs } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { SECURITY_TABS, securityLabelOf } from "~/components/identity/security-tabs";

function SecurityTabs() {
  const matches = useMatches();
  const current = securityLabelOf(matches[matches.length - 1]?.pathname);
  return (
    <Tabs
      label="Security settings"
      // Ten tabs: narrower and closer on a phone; at 390 px they still wrap onto four rows.
      className="[&_a]:px-2 [&_ul]:gap-x-0 sm:[&_a]:px-3 sm:[&_ul]:gap-x-1"
      tabs={SECURITY_TABS.map((t) => ({ key: t.label, to: `/security/${t.label}`, label: t.title, current: t.label === current }))}
    />
  );
}

const Heading = () => <h1 className="text-xl font-bold text-gray-900 md:text-2xl">Security</h1>;

export default function SecurityLayout() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Heading />
      <SecurityTabs />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary heading={<Heading />} />;
}
