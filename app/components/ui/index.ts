/** UI primitives. Import from "~/components/ui". */
export * from "./Badge";
export * from "./Button";
export * from "./Countdown";
export * from "./DateTime";
export * from "./DetailPanel";
export * from "./Dialog";
export * from "./EmptyState";
export * from "./ErrorState";
export * from "./Field";
export * from "./Icon";
export * from "./NoMore";
export * from "./Skeleton";
export * from "./Spinner";
export * from "./Tabs";
export * from "./Toast";
export * from "./Form";
