/**
 * `content/services/<city>/index.md` → `/services/<city>`, and `<city>/<service>.md` → that core
 * service in the city. The cities are the site config's `locations`; each needs every file.
 */
import path from "node:path";
import { CORE_SERVICES, isCoreService } from "../../content/core-services";
import { locationServiceFrontMatterSchema, locationFrontMatterSchema, type SiteConfig } from "../schema";
import type { LocationContent, LocationServiceContent, ServiceContent } from "../../content/types";
import { type ContentReader, isFile, listDirs, listMarkdown, stem, toDoc } from "./reader";
import { LENGTH_GUIDANCE } from "./posts";

/**
 * A city service page's own text (the city's facts are shown beside it): shorter ones build, with a
 * warning, since search engines treat near-empty city pages as doorways (content/README.md).
 */
const CITY_PAGE_MIN_WORDS = 450;

export async function loadLocations(
  reader: ContentReader,
  site: SiteConfig | undefined,
  services: readonly ServiceContent[],
): Promise<{ locations: LocationContent[]; locationServices: LocationServiceContent[] }> {
  const locations: LocationContent[] = [];
  const locationServices: LocationServiceContent[] = [];
  const servicesDir = reader.path("services");
  const known = new Map(site?.locations.map((location) => [location.slug, location]));
  for (const dir of await listDirs(servicesDir)) {
    const facts = known.get(dir);
    const locationDir = path.join(servicesDir, dir);
    if (!facts) {
      reader.problems.add(
        reader.display(locationDir),
        `is not a location in content/site.config.ts (locations: ${[...known.keys()].join(", ") || "none"}): add it to locations there, or make the city with \`pnpm new-city <Name> --from <city>\`, which writes both`,
      );
      continue;
    }
    if (services.some((service) => service.slug === dir)) {
      reader.problems.add(reader.display(path.join(servicesDir, `${dir}.md`)), `clashes with the location page /services/${dir}`);
    }
    for (const name of await listMarkdown(locationDir)) {
      const file = path.join(locationDir, name);
      const key = stem(name);
      if (key === "index") {
        const source = await reader.markdown(file, locationFrontMatterSchema);
        if (source) locations.push({ slug: facts.slug, path: `/services/${dir}`, meta: source.data, facts, body: toDoc(source.body) });
      } else if (isCoreService(key)) {
        const source = await reader.markdown(file, locationServiceFrontMatterSchema);
        if (!source) continue;
        reader.referPicture(source);
        if (source.body.wordCount < CITY_PAGE_MIN_WORDS) {
          reader.problems.warn(source.display, `has ${source.body.wordCount} words; a city service page should have at least ${CITY_PAGE_MIN_WORDS} of its own ${LENGTH_GUIDANCE}`);
        }
        locationServices.push({ location: facts.slug, variation: key, path: `/services/${dir}/${key}`, meta: source.data, body: toDoc(source.body) });
      } else {
        reader.problems.add(reader.display(file), `is not a variation (variations: ${CORE_SERVICES.join(", ")})`);
      }
    }
  }
  for (const facts of site?.locations ?? []) {
    for (const key of ["index", ...CORE_SERVICES]) {
      const file = path.join(servicesDir, facts.slug, `${key}.md`);
      if (!(await isFile(file))) {
        reader.problems.add(reader.display(file), `is missing (needed for /services/${facts.slug}${key === "index" ? "" : `/${key}`})`);
      }
    }
  }
  return { locations, locationServices };
}
