import { useLocation, useNavigation } from "@remix-run/react";

/** True while a navigation to this same path (another tab, filter or page of the list) is loading. */
export function useSamePathLoading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}
