/**
 * The top of /profile: the framed avatar with its upload, the nickname with its one-time change,
 * the level. The upload is a multipart form (a file and Upload) that the server shrinks; with
 * JavaScript the picture is shrunk in the browser first (≤ 1024 px, JPEG 0.5) and sent on choosing.
 * The nickname change asks first, in a dialog with JavaScript, in a section (?edit=nickname) without.
 */
import { useFetcher, useSearchParams, Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { SubmissionResult } from "@conform-to/react";
import type { Profile } from "../../../contract/entities";
import { AVATAR_INTENT, NICKNAME_INTENT, NICKNAME_ONCE_WARNING } from "~/services/forms/profile";
import { isSupportedImage } from "~/services/forms/sell";
import { MESSAGES } from "../../../contract/messages";
import { Button, ButtonLink, Dialog, Field, StatusBadge, VerifiedIcon } from "~/components/ui";
import { Form } from "~/components/ui/Form";
import { FormError, fieldProps } from "~/components/ui/FormParts";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { FramedAvatar } from "./ProfileParts";
import { MallBadge } from "./Adornment";

export interface ProfileActionData {
  intent: string;
  result?: SubmissionResult<string[]> | null;
  error?: string | null;
}

export function ProfileHeader({ profile: p, actionData }: { profile: Profile; actionData: ProfileActionData | undefined }) {
  return (
    <section aria-label="Your profile" className="flex flex-col items-center gap-3 rounded-xl bg-white p-5 text-center shadow-sm ring-1 ring-gray-200 sm:flex-row sm:text-left">
      <FramedAvatar src={p.avatar} level={p.level} frame={p.frame} />
      <div className="min-w-0 flex-1">
        <p className="flex items-center justify-center gap-1 sm:justify-start">
          <span className="truncate text-xl font-bold text-gray-900" data-testid="profile-nickname">
            {p.nickname}
          </span>
          {p.isBusiness ? <VerifiedIcon className="h-5 w-5 text-brand-600" /> : null}
          <StatusBadge tone="brand" className="ml-1">
            Lv.{p.level}
          </StatusBadge>
        </p>
        {p.badge ? (
          <p className="mt-1 flex justify-center sm:justify-start">
            <MallBadge badge={p.badge} />
          </p>
        ) : null}
        <NicknameChange profile={p} actionData={actionData?.intent === NICKNAME_INTENT ? actionData : undefined} />
        <AvatarUpload error={actionData?.intent === AVATAR_INTENT ? actionData.error ?? null : null} />
      </div>
    </section>
  );
}

function NicknameChange({ profile: p, actionData }: { profile: Profile; actionData: ProfileActionData | undefined }) {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  if (p.nicknameChanged)
    return (
      <p className="mt-1 text-xs text-gray-600" data-testid="nickname-locked">
        The nickname was changed once and cannot be changed again.
      </p>
    );
  const asking = params.get("edit") === "nickname" || Boolean(actionData);
  return (
    <>
      <ButtonLink
        to="?edit=nickname"
        preventScrollReset
        variant="ghost"
        size="sm"
        className="mt-1"
        onClick={(e) => {
          if (hydrated) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        Change nickname
      </ButtonLink>
      {!hydrated && asking ? (
        <section aria-labelledby="nickname-title" className="mt-3 rounded-lg bg-gray-50 p-3 text-left" data-testid="nickname-section">
          <h2 id="nickname-title" className="text-base font-semibold text-gray-900">
            Change nickname
          </h2>
          <NicknameForm current={p.nickname} actionData={actionData} />
          <Link to="/profile" className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Cancel
          </Link>
        </section>
      ) : null}
      <Dialog open={hydrated && (open || Boolean(actionData?.result))} onClose={() => setOpen(false)} title="Change nickname">
        <NicknameForm current={p.nickname} actionData={actionData} />
      </Dialog>
    </>
  );
}

function NicknameForm({ current, actionData }: { current: string; actionData: ProfileActionData | undefined }) {
  const [form, fields] = useSchemaForm("nickname", () => import("~/services/forms/profile.schema").then((m) => m.nicknameSchema), actionData ?? undefined, { nickname: current });
  return (
    <Form method="post" action="/profile" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-2 text-left">
      <p className="mb-3 rounded-md bg-wait-50 p-2 text-sm text-wait-800 ring-1 ring-inset ring-wait-200" role="note">
        {NICKNAME_ONCE_WARNING}
      </p>
      <input type="hidden" name="intent" value={NICKNAME_INTENT} />
      <Field key={fields.nickname.key} {...fieldProps(fields.nickname)} label="New nickname" maxLength={20} autoComplete="nickname" autoCapitalize="none" spellCheck={false} />
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" fullWidth>
        Save nickname
      </Button>
    </Form>
  );
}

function AvatarUpload({ error }: { error: string | null }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ProfileActionData>();
  const input = useRef<HTMLInputElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const shown = clientError ?? (fetcher.data?.intent === AVATAR_INTENT ? fetcher.data.error : null) ?? error;

  async function choose(file: File | undefined) {
    if (!file) return;
    if (!isSupportedImage(file)) return setClientError(MESSAGES.unsupportedImage);
    setClientError(null);
    try {
      const { compressImage } = await import("~/services/chat/images.client");
      // ≤ 1024 px, JPEG quality 0.5 (docs/product/validation.md); the form's own fields (intent, CSRF token) go along.
      const small = await compressImage(file);
      const body = new FormData(input.current!.form!);
      body.set("file", small, "avatar.jpg");
      fetcher.submit(body, { method: "post", action: "/profile", encType: "multipart/form-data" });
    } catch {
      setClientError(MESSAGES.uploadFailed);
    }
  }

  return (
    <Form method="post" action="/profile" encType="multipart/form-data" className="mt-2 flex flex-col items-center gap-2 sm:items-start">
      <input type="hidden" name="intent" value={AVATAR_INTENT} />
      <label className="text-sm font-medium text-gray-900">
        <span className={hydrated ? "sr-only" : "mb-1 block"}>Avatar picture</span>
        <input
          ref={input}
          type="file"
          name="file"
          accept="image/jpeg,image/png,image/gif,image/bmp"
          className={hydrated ? "sr-only" : "block text-sm"}
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
          data-testid="avatar-input"
        />
      </label>
      {hydrated ? (
        <Button type="button" size="sm" variant="secondary" busy={fetcher.state !== "idle"} onClick={() => input.current?.click()}>
          Change avatar
        </Button>
      ) : (
        <Button type="submit" size="sm" variant="secondary">
          Upload
        </Button>
      )}
      {shown ? (
        <p role="alert" className="text-sm font-medium text-money-out-700">
          {shown}
        </p>
      ) : null}
    </Form>
  );
}
