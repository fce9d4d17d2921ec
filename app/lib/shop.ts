/*
 * The one fact about the shop that stays in code: the zone its dates and times are written in. Every
 * other fact (name, address, phone, hours, closures, fee) is a setting the owner edits, read through
 * app/features/settings/settings.server.ts.
 */

export const SHOP_TIME_ZONE = "Europe/London";
