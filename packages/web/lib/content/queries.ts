import "server-only";
import { type BlogCategory, categoriesOf } from "../routes/blog-categories";
import { content } from ".";
import { CORE_SERVICES, type CoreService } from "./schema";
import type { LocationSlug, ServiceContent } from "./types";

export const serviceBySlug = (slug: string) => content.services.find((service) => service.slug === slug);
export const locationBySlug = (slug: string) => content.locations.find((location) => location.slug === slug);
export const postBySlug = (slug: string) => content.posts.find((post) => post.slug === slug);

export const isCoreService = (slug: string): slug is CoreService => (CORE_SERVICES as readonly string[]).includes(slug);

/** The three core services, in menu order. */
export function coreServices(): ServiceContent[] {
  return content.services
    .filter((service) => service.meta.menuOrder !== undefined)
    .sort((a, b) => (a.meta.menuOrder ?? 0) - (b.meta.menuOrder ?? 0));
}

/** City-specific service pages (e.g. /services/bellevueCouplesTherapy) for one city. */
export const cityServicesIn = (location: LocationSlug) => content.services.filter((service) => service.meta.location === location);

export const locationServiceFor = (location: string, variation: string) =>
  content.locationServices.find((page) => page.location === location && page.variation === variation);

export const blogCategories = (): BlogCategory[] => categoriesOf(content.posts);

export const categories = (): string[] => blogCategories().map((category) => category.name);
