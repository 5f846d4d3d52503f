/**
 * A city named beside the practice's cities as if it were one of them ("Seattle, Bellevue,
 * Tacoma, Renton and Kirkland") but missing from `locations` in site.config.ts: it has no city
 * page, no travel notes, and the structured data does not list it. Where the cities come from a
 * list typed into the text, the text drifts from the config; this names the city to add or drop.
 * A city named on its own ("at home in Spokane") is left alone: telehealth reaches the whole state.
 */
import type { ContentCheck } from ".";
import { visibleDocs } from "./documents";

/** Washington's cities and towns most likely to be named on a Puget Sound practice's pages. */
const WASHINGTON_CITIES = [
  "Anacortes", "Arlington", "Auburn", "Bainbridge Island", "Battle Ground", "Bellevue", "Bellingham", "Bonney Lake", "Bothell", "Bremerton",
  "Burien", "Camas", "Covington", "Des Moines", "DuPont", "Duvall", "Edmonds", "Ellensburg", "Enumclaw", "Everett", "Federal Way", "Fife",
  "Gig Harbor", "Issaquah", "Kenmore", "Kennewick", "Kent", "Kirkland", "Lacey", "Lake Forest Park", "Lake Stevens", "Lakewood", "Longview",
  "Lynnwood", "Maple Valley", "Marysville", "Mercer Island", "Mill Creek", "Monroe", "Mount Vernon", "Mountlake Terrace", "Mukilteo",
  "Newcastle", "North Bend", "Oak Harbor", "Olympia", "Pasco", "Port Angeles", "Port Orchard", "Port Townsend", "Poulsbo", "Pullman",
  "Puyallup", "Redmond", "Renton", "Richland", "Sammamish", "SeaTac", "Seattle", "Sequim", "Shoreline", "Snohomish", "Snoqualmie",
  "Spokane", "Spokane Valley", "Sumner", "Tacoma", "Tukwila", "Tumwater", "University Place", "Vancouver", "Walla Walla", "Wenatchee",
  "Woodinville", "Yakima",
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Runs of two or more city names joined only by commas, "and", "or", "&" or "/": a list of cities. */
function cityLists(text: string, cities: readonly string[]): string[][] {
  const name = `(?:${[...cities].sort((a, b) => b.length - a.length).map(escape).join("|")})`;
  const joiner = String.raw`(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+|\s*\/\s*)`;
  const list = new RegExp(String.raw`\b${name}(?:${joiner}${name})+\b`, "g");
  const single = new RegExp(String.raw`\b${name}\b`, "g");
  return [...text.matchAll(list)].map(([run]) => [...run.matchAll(single)].map(([city]) => city));
}

export const unconfiguredCities: ContentCheck = (content, { warn }) => {
  const configured = new Set([...content.site.locations.map((location) => location.name), content.site.address.locality]);
  const cities = [...new Set([...WASHINGTON_CITIES, ...configured])];
  for (const doc of visibleDocs(content)) {
    const named = new Set<string>();
    for (const text of Object.values(doc.fields)) {
      for (const list of cityLists(text, cities)) {
        if (list.some((city) => configured.has(city))) for (const city of list) if (!configured.has(city)) named.add(city);
      }
    }
    for (const city of named) {
      warn(
        doc.file,
        `names ${city} among the practice's cities, but it is not in locations in content/site.config.ts (${[...configured].join(", ")}): add it there, with its pages, or take it out of the text`,
      );
    }
  }
};
