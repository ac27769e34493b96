/**
 * What the browser prints on the console while it is offline, which no page of ours can prevent: requests refused
 * (the action itself, the error report to /api/log/), Next's failed background fetches, and Chromium's note that
 * the service worker's update check could not fetch the script.
 */
export const OFFLINE_NOISE = [/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/, /Failed to fetch/, /RSC payload/, /An unknown error occurred when fetching the script/];
