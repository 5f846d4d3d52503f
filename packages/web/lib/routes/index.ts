import "server-only";
import { content } from "../content";
import { breadcrumbTrail, buildRegistry, findRoute, navItems, type RouteEntry, serviceMenuItems } from "./registry";

export type { RouteEntry } from "./registry";

/** Every public page of the site, built once per server from the compiled content. */
export const routes: readonly RouteEntry[] = buildRegistry(content);

export const nav = navItems(routes);
export const serviceMenu = serviceMenuItems(routes);

export function routeFor(path: string): RouteEntry {
  const entry = findRoute(routes, path);
  if (!entry) throw new Error(`No route registered for ${path}`);
  return entry;
}

export const breadcrumbsFor = (path: string) => breadcrumbTrail(routes, path);
