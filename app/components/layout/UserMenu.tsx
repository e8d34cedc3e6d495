/**
 * The signed-in user's dropdown (docs/product/screens.md): Profile, Membership Center, Daily
 * Check-in, Wealth Record, Bank Account, Verify ID, Settings, Partners, and
 * Sign out behind the confirmation 'Confirm to Sign out ?'.
 *
 * A <details> menu without JavaScript, and with it until the menu has been used
 * once (ADR 0028); then a Headless UI Menu. Sign out is a link to the /logout
 * confirmation page without JavaScript; with it, a dialog whose Confirm submits
 * a POST form to /logout.
 */
import { useState } from "react";
import { Link, useNavigation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useHeadlessOnTouch } from "~/components/ui/headless";
import { ChevronDownIcon, ConfirmDialog, LogoutIcon } from "../ui";
import { Avatar } from "~/components/ui/Avatar";
import { cx } from "~/components/ui/cx";
import { userMenuOf } from "./nav";
import type { Desks } from "../../../contract/entities";
import { Form } from "~/components/ui/Form";

export const SIGN_OUT_QUESTION = "Confirm to Sign out ?";

export interface UserMenuProps {
  user: { nickname: string; avatar: string; desks?: Desks };
}

const trigger =
  "flex h-10 items-center gap-1.5 rounded-full pl-1 pr-2 text-sm font-medium text-gray-800 hover:bg-gray-100";
const panel =
  "absolute inset-x-2 top-full z-50 mt-1 overflow-hidden rounded-xl bg-white py-1 shadow-lg ring-1 ring-gray-200 focus:outline-none md:inset-x-auto md:right-0 md:w-60";
const item = "flex w-full items-center gap-2 px-4 py-2.5 text-left text-sm text-gray-800 no-underline";

function Face({ user }: UserMenuProps) {
  return (
    <>
      <Avatar src={user.avatar} loading="eager" />
      <span className="hidden max-w-[10rem] truncate lg:inline">{user.nickname}</span>
      <span className="sr-only lg:hidden">{user.nickname}: account menu</span>
      <ChevronDownIcon className="h-4 w-4 text-gray-600" />
    </>
  );
}

function Header({ user }: UserMenuProps) {
  return (
    <div className="flex items-center gap-3 border-b border-gray-100 px-4 py-3">
      <Avatar src={user.avatar} size={40} />
      <span className="min-w-0 truncate text-sm font-semibold text-gray-900">{user.nickname}</span>
    </div>
  );
}

export function UserMenu({ user }: UserMenuProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  const menu = useHeadlessOnTouch();
  const links = userMenuOf(user.desks);
  const confirm = (
    <>
      <Form id="logout-form" method="post" action="/logout" className="hidden" />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={SIGN_OUT_QUESTION}
        confirmLabel="Confirm"
        tone="danger"
        form="logout-form"
        busy={signingOut}
      />
    </>
  );

  if (!menu.hl) {
    return (
      <>
        <details className="group md:relative" data-menu="user" {...menu.standIn}>
          <summary {...menu.trigger} className={cx(trigger, "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
            <Face user={user} />
          </summary>
          <div className={panel}>
            <Header user={user} />
            <ul>
              {links.map((i) => (
                <li key={i.to}>
                  <Link to={i.to} className={cx(item, "hover:bg-gray-50")}>
                    {i.label}
                  </Link>
                </li>
              ))}
              <li className="border-t border-gray-100">
                <Link
                  to="/logout"
                  // With JavaScript the question is a dialog here too, as in the real menu.
                  onClick={(e) => {
                    if (!hydrated) return;
                    e.preventDefault();
                    e.currentTarget.closest("details")?.removeAttribute("open");
                    setConfirming(true);
                  }}
                  className={cx(item, "text-money-out-700 hover:bg-gray-50")}
                >
                  <LogoutIcon className="h-4 w-4" />
                  Sign out
                </Link>
              </li>
            </ul>
          </div>
        </details>
        {confirm}
      </>
    );
  }

  const { Menu, MenuButton, MenuItem, MenuItems } = menu.hl;
  return (
    <>
      <Menu as="div" className="md:relative" data-menu="user">
        <MenuButton ref={menu.ref} className={trigger}>
          <Face user={user} />
        </MenuButton>
        <MenuItems className={panel}>
          <Header user={user} />
          {links.map((i) => (
            <MenuItem key={i.to} as={Link} to={i.to} className={cx(item, "data-[focus]:bg-gray-100")}>
              {i.label}
            </MenuItem>
          ))}
          <div className="my-1 border-t border-gray-100" />
          <MenuItem
            as="button"
            type="button"
            onClick={() => setConfirming(true)}
            className={cx(item, "text-money-out-700 data-[focus]:bg-gray-100")}
          >
            <LogoutIcon className="h-4 w-4" />
            Sign out
          </MenuItem>
        </MenuItems>
      </Menu>
      {confirm}
    </>
  );
}
