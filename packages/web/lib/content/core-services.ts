/**
 * The three services the practice offers, in the services menu's order. A core service is one of
 * these and nothing else: each has its page /services/<name>, and every city has a variation of each.
 */
export const CORE_SERVICES = ["couplesTherapy", "individualTherapy", "marathonCouplesTherapy"] as const;
export type CoreService = (typeof CORE_SERVICES)[number];
export const isCoreService = (slug: string): slug is CoreService => (CORE_SERVICES as readonly string[]).includes(slug);
