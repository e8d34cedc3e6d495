/** The /profile forms: the one-time nickname change and the avatar upload (docs/product/validation.md). The schema is in ./profile.schema.ts. */
export const NICKNAME_INTENT = "nickname";
export const AVATAR_INTENT = "avatar";

/** What the dialog (or, without JavaScript, the section) says before the change. */
export const NICKNAME_ONCE_WARNING = "The nickname can be changed only once. After this change it cannot be changed again.";
