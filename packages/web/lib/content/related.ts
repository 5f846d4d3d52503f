import "server-only";
import { content } from ".";
import type { CoreService } from "./core-services";
import type { LocationContent, LocationServiceContent, LocationSlug, PostContent, ServiceContent } from "./types";

/** A page offered as a next read: a card with its title and summary, and a line of detail. */
export interface ServiceCardItem extends RelatedPage {
  detail?: string;
}

const MAX_RELATED = 6;
const MAX_RELATED_POSTS = 2;

/** A page to suggest: what a card shows (components/services/ServiceCards takes these as they are). */
interface RelatedPage {
  href: string;
  title: string;
  summary: string;
}

const fromService = (service: ServiceContent): RelatedPage => ({ href: service.path, title: service.meta.title, summary: service.meta.summary });
const fromLocation = (location: LocationContent): RelatedPage => ({ href: location.path, title: location.meta.title, summary: location.meta.summary });
const fromLocationService = (page: LocationServiceContent): RelatedPage => ({ href: page.path, title: page.meta.title, summary: page.meta.summary });

function unique(items: (RelatedPage | undefined)[], exclude: string): RelatedPage[] {
  const seen = new Set([exclude]);
  return items.filter((item): item is RelatedPage => {
    if (!item || seen.has(item.href)) return false;
    seen.add(item.href);
    return true;
  }).slice(0, MAX_RELATED);
}

const core = (service: CoreService) => content.services.find((s) => s.slug === service);
const hub = (location: LocationSlug) => content.locations.find((l) => l.slug === location);

/** What a reader of this page is most likely to want next: the core service, the city, siblings. */
export function relatedToService(service: ServiceContent): RelatedPage[] {
  const { location, service: kind } = service.meta;
  if (!location) {
    return unique(content.locationServices.filter((page) => page.variation === kind).map(fromLocationService), service.path);
  }
  const coreService = core(kind);
  const city = hub(location);
  return unique(
    [
      coreService && fromService(coreService),
      city && fromLocation(city),
      ...content.locationServices.filter((page) => page.location === location && page.variation === kind).map(fromLocationService),
      ...content.services.filter((other) => other.meta.location === location).map(fromService),
    ],
    service.path,
  );
}

export function relatedToLocation(location: LocationContent): RelatedPage[] {
  return unique(
    [
      ...content.locationServices.filter((page) => page.location === location.slug).map(fromLocationService),
      ...content.services.filter((service) => service.meta.location === location.slug).map(fromService),
    ],
    location.path,
  );
}

export function relatedToLocationService(page: LocationServiceContent): RelatedPage[] {
  const coreService = core(page.variation);
  const city = hub(page.location);
  return unique(
    [
      coreService && fromService(coreService),
      city && fromLocation(city),
      ...content.services.filter((service) => service.meta.location === page.location && service.meta.service === page.variation).map(fromService),
      ...content.locationServices.filter((other) => other.variation === page.variation && other.location !== page.location).map(fromLocationService),
    ],
    page.path,
  );
}

/** The newest other articles that share a category with this one. */
export function relatedPosts(post: PostContent): PostContent[] {
  const categories = new Set(post.meta.categories);
  return content.posts
    .filter((other) => other.slug !== post.slug && other.meta.categories.some((category) => categories.has(category)))
    .slice(0, MAX_RELATED_POSTS);
}
