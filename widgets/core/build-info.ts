declare const __APP_VERSION__: string;
declare const __BUILD_DATE__: string;

/** Replaced by every build (scripts/build-info.mjs): the version shown to members and the build's day. */
export const appVersion: string = __APP_VERSION__;
export const buildDate: string = __BUILD_DATE__;
