/**
 * The enums of what every visitor sees first (offers, merchants online, banners), apart from
 * ./enums.ts (which re-exports them): the bundler keeps a module whole in one chunk, so the
 * first load of /home carries only these, not every status of the app.
 */
type ValueOf<T> = T[keyof T];

// ---------------------------------------------------------------- adverts

/** Advert cardType: how the seller hands over the card. */
export const AdvertCardType = {
  Picture: 0,
  ECode: 1,
} as const;
export type AdvertCardType = ValueOf<typeof AdvertCardType>;
/** Labels of the card-type filter on /advertList (the "All" option sends nothing). */
export const advertCardTypeLabels: Record<AdvertCardType, string> = {
  0: "Pictures",
  1: "E-codes",
};

/** A merchant's advert (designed, ADR 0036): listed offers can be sold to; paused ones are hidden. */
export const AdvertStatus = {
  Paused: 0,
  Listed: 1,
} as const;
export type AdvertStatus = ValueOf<typeof AdvertStatus>;
export const advertStatusLabels: Record<AdvertStatus, string> = { 0: "Paused", 1: "Listed" };

export const OnlineStatus = {
  Offline: 0,
  Online: 1,
} as const;
export type OnlineStatus = ValueOf<typeof OnlineStatus>;
/** Responses may carry any integer: 0 is offline, anything else online. */
export const isOnline = (onlineStatus: number | null | undefined) => !!onlineStatus;
export const onlineStatusLabels: Record<OnlineStatus, string> = { 0: "Offline", 1: "Online" };

// ---------------------------------------------------------------- banners

/** 1 and 3: external address in a new tab; 2: internal route. */
export const BannerType = {
  External: 1,
  Internal: 2,
  ExternalAlt: 3,
} as const;
export type BannerType = ValueOf<typeof BannerType>;
export const isExternalBanner = (type: number) => type === BannerType.External || type === BannerType.ExternalAlt;

export const BannerLocation = {
  Home: "home",
  HomeH5: "home_h5",
  HomePop: "home_pop",
} as const;
export type BannerLocation = ValueOf<typeof BannerLocation>;
