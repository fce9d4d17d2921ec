import { useRouteLoaderData } from "react-router";
import { DEFAULT_SETTINGS, publicSettings, type PublicSettings } from "./shop-settings";

const FALLBACK = publicSettings(DEFAULT_SETTINGS);

/** What the root loader hands every page; a plain type, so components need not import the root route. */
export interface RootSettingsData {
  settings: PublicSettings;
}

/**
 * The shop's public settings, handed to every page by the root loader. Only the root error page, drawn when
 * that loader itself failed (the database is down), falls back to the defaults.
 */
export function useShopSettings(): PublicSettings {
  return useRouteLoaderData<RootSettingsData>("root")?.settings ?? FALLBACK;
}
