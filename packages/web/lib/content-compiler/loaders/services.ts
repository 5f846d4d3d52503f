/** `content/services/<slug>.md` → `/services/<slug>`: the three core services and city-specific pages. */
import path from "node:path";
import { CORE_SERVICES, isCoreService } from "../../content/core-services";
import { type SiteConfig, serviceFrontMatterSchema } from "../schema";
import type { ServiceContent } from "../../content/types";
import { type ContentReader, listMarkdown, stem, toDoc } from "./reader";

export async function loadServices(reader: ContentReader, site: SiteConfig | undefined): Promise<ServiceContent[]> {
  const services: ServiceContent[] = [];
  const dir = reader.path("services");
  const cities = site?.locations.map((location) => location.slug);
  for (const name of await listMarkdown(dir)) {
    const slug = stem(name);
    const file = path.join(dir, name);
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(slug)) {
      reader.problems.add(reader.display(file), "file name must be letters and digits only (it becomes /services/<name>)");
      continue;
    }
    const source = await reader.markdown(file, serviceFrontMatterSchema);
    if (!source) continue;
    const meta = source.data;
    reader.referPicture(source);
    if (isCoreService(slug) && (meta.location || meta.service !== slug)) {
      reader.problems.add(source.display, `a core service page has no location, and service: ${slug}`, meta.location ? "location" : "service");
    }
    if (meta.location && cities && !cities.includes(meta.location)) {
      reader.problems.add(source.display, `is not a location in content/site.config.ts (locations: ${cities.join(", ")})`, "location");
    }
    services.push({ slug, path: `/services/${slug}`, meta, body: toDoc(source.body) });
  }
  for (const core of CORE_SERVICES) {
    if (!services.some((service) => service.slug === core)) {
      const display = reader.display(path.join(dir, `${core}.md`));
      if (!reader.problems.about(display)) reader.problems.add(display, "is missing (a core service)");
    }
  }
  return services;
}
