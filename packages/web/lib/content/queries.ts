import "server-only";
import { type BlogCategory, categoriesOf } from "../routes/blog-categories";
import { content } from ".";
import { CORE_SERVICES } from "./core-services";
import type { LocationSlug, ServiceContent } from "./types";

export const serviceBySlug = (slug: string) => content.services.find((service) => service.slug === slug);
export const locationBySlug = (slug: string) => content.locations.find((location) => location.slug === slug);
export const postBySlug = (slug: string) => content.posts.find((post) => post.slug === slug);

/** The three core services, in menu order. */
export function coreServices(): ServiceContent[] {
  return CORE_SERVICES.flatMap((slug) => content.services.filter((service) => service.slug === slug));
}

/** City-specific service pages (e.g. /services/bellevueCouplesTherapy) for one city. */
export const cityServicesIn = (location: LocationSlug) => content.services.filter((service) => service.meta.location === location);

export const locationServiceFor = (location: string, variation: string) =>
  content.locationServices.find((page) => page.location === location && page.variation === variation);

export const blogCategories = (): BlogCategory[] => categoriesOf(content.posts);

export const categories = (): string[] => blogCategories().map((category) => category.name);
