/**
 * /profile (docs/product/screens.md, docs/product/entities.md): the avatar in its level frame (upload), the nickname (changed once), the
 * statistics, the shortcut grid and the Notification sound switch. Signed-out visitors get Go To Login?.
 * Actions: intent "nickname" (/userInfo/updateNickname) and "avatar" (a multipart file to
 * /image/uploadImage as an avatar, then /userInfo/updateAvatar).
 */
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, NO_STORE } from "~/services/kit/http.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UploadImageType } from "../../contract/enums";
import { MESSAGES } from "../../contract/messages";
import type { Profile, Statistics } from "../../contract/entities";
import { must, redirectWithToast, requireApi } from "~/services/kit/api.server";
import { readForm } from "~/services/kit/form.server";
import { AVATAR_INTENT, NICKNAME_INTENT } from "~/services/forms/profile";
import { parseWithZod, nicknameSchema } from "~/services/forms/schemas.server";
import { isSupportedImage } from "~/services/forms/sell";
import { useMainLayoutData } from "~/components/layout/layout-data";
import { contactHref } from "~/services/layout/contact";
import { ProfileHeader, type ProfileActionData } from "~/components/identity/ProfileHeader";
import { ProfileStats, ShortcutGrid, SoundSwitch } from "~/components/identity/ProfileParts";
import { GeneralErrorBoundary } from "~/components/ui/ErrorBoundary";
import { useKeptScroll } from "~/components/ui/kept-alive";
import { dispatchIntent } from "~/services/kit/intents.server";

export const meta: MetaFunction = () => [{ title: "Profile | GiftMarket" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await requireApi(request, context, "prompt");
  const { profile, statistics } = must(await api.call("/userInfo/getProfileInfo"));
  return json({ profile, statistics }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const api = await requireApi(request, context);
  const done = () => redirectWithToast(api.session, "/profile", MESSAGES.success);

  return dispatchIntent(form, {
    [NICKNAME_INTENT]: async (intent) => {
      const submission = parseWithZod(form, { schema: nicknameSchema });
      if (submission.status !== "success") return json<ProfileActionData>({ intent, result: submission.reply() }, { status: 400 });
      const r = await api.call("/userInfo/updateNickname", { nickname: submission.value.nickname });
      return r.ok ? done() : json<ProfileActionData>({ intent, result: submission.reply({ formErrors: [r.msg] }) }, { status: 400 });
    },
    [AVATAR_INTENT]: async (intent) => {
      const failed = (error: string) => json<ProfileActionData>({ intent, error }, { status: 400 });
      const file = form.get("file");
      if (!(file instanceof Blob) || file.size === 0) return failed(MESSAGES.uploadFailed);
      if (!isSupportedImage({ name: (file as File).name, type: file.type })) return failed(MESSAGES.unsupportedImage);
      const upload = new FormData();
      upload.set("file", file, (file as File).name || "avatar.jpg");
      upload.set("type", UploadImageType.Avatar);
      const stored = await api.call("/image/uploadImage", undefined, { form: upload });
      if (!stored.ok) return failed(stored.msg === MESSAGES.unsupportedImage ? stored.msg : MESSAGES.uploadFailed);
      const r = await api.call("/userInfo/updateAvatar", { avatar: stored.data.path });
      return r.ok ? done() : failed(MESSAGES.uploadFailed);
    },
  });
}

export default function ProfilePage() {
  const { profile, statistics } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProfileActionData | undefined;
  const { coinName, contact } = useMainLayoutData();
  useKeptScroll("/profile");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="sr-only">Profile</h1>
      <ProfileHeader profile={profile as Profile} actionData={actionData} />
      <ProfileStats s={statistics as Statistics} coinName={coinName} own />
      <ShortcutGrid helpCenter={contactHref(contact, "helpCenter") ?? null} />
      <SoundSwitch />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary signedOutText="Sign in to see your profile." />;
}
