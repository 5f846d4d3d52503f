/**
 * A city made by copying another city's folder (and its `locations` entry): the copy keeps the old
 * city's facts, which no other warning names. Landmarks and neighborhoods are facts a reader checks
 * against the map, so the build names each one, with the city it belongs to:
 *
 * - in site.config.ts, a city's neighborhoods, travel note or parking note that are another city's
 *   (the same, once each city's own name is set aside);
 * - in a city's pages (content/services/<city>/), a neighborhood of another city, or a landmark
 *   (a station, a road such as I-405) that only another city's notes name;
 * - a city's page that names another city more often than its own (copied, the name not changed).
 */
import type { ContentCheck } from ".";
import type { SiteConfig } from "../schema";

type City = SiteConfig["locations"][number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const mentions = (text: string, phrase: string) => new RegExp(`(?<![\\w-])${escape(phrase)}(?![\\w-])`).test(text);
const count = (text: string, phrase: string) => text.match(new RegExp(`(?<![\\w-])${escape(phrase)}(?![\\w-])`, "g"))?.length ?? 0;

/** Words that start a sentence or name nothing on a map, however capitalized. */
const NOT_PLACES = new Set(["The", "From", "If", "If you", "When", "Book", "Driving", "Leave", "Two", "Three", "Street", "Most", "Some", "Allow", "Take", "Evening", "Weekend", "Parking"]);

/**
 * The places a city's travel and parking notes name: roads (I-405, SR 520, US 101, Highway 16) and
 * capitalized names (Westlake, Tacoma Dome Station, Sounder, the 2 Line), not the city's own name.
 */
export function landmarksOf(city: City, cities: readonly City[]): string[] {
  const notes = `${city.travelNote} ${city.parkingNote}`;
  const found = new Set<string>();
  for (const [road] of notes.matchAll(/\b(?:I-\d+|SR[- ]\d+|US[- ]\d+|Highway \d+|Route \d+)\b/g)) found.add(road);
  const names = new Set(cities.map((each) => each.name));
  // A line or route named by a number or letter is one name: "the 2 Line", "the T Line".
  for (const match of notes.matchAll(/\b(?:(?:\d+|[A-Z]) )?[A-Z][a-z][\w'’]*(?: [A-Z][a-z][\w'’]*)*/g)) {
    // A capitalized word after a sentence's end is only a sentence starting.
    const before = notes.slice(0, match.index).trimEnd();
    const startsSentence = before === "" || /[.!?:]$/.test(before);
    const words = match[0].split(" ");
    const phrase = (startsSentence ? words.slice(1) : words).join(" ");
    if (phrase.length >= 4 && !NOT_PLACES.has(phrase) && !names.has(phrase)) found.add(phrase);
  }
  return [...found];
}

/** The text of a note with each city's own name set aside: two notes equal this way are one note copied. */
const withoutCityNames = (text: string, cities: readonly City[]) =>
  cities.reduce((rest, city) => rest.replace(new RegExp(`\\b${escape(city.name)}\\b`, "g"), "{city}"), text).trim();

/** The earlier city in `locations` that `city`'s entry was copied from: the same neighborhoods, or the same notes (names aside). */
function copiedFrom(city: City, cities: readonly City[]): City | undefined {
  return cities.slice(0, cities.indexOf(city)).find(
    (other) =>
      city.neighbourhoods.some((name) => other.neighbourhoods.includes(name)) ||
      (["travelNote", "parkingNote"] as const).some((field) => withoutCityNames(city[field], cities) === withoutCityNames(other[field], cities)),
  );
}

export const copiedCities: ContentCheck = async (content, { markdown, warn }) => {
  const cities = content.site.locations;
  // The config: a city's facts that are an earlier city's.
  cities.forEach((city, index) => {
    for (const other of cities.slice(0, index)) {
      const shared = city.neighbourhoods.filter((name) => other.neighbourhoods.includes(name));
      if (shared.length > 0) {
        warn("content/site.config.ts", `${shared.map((name) => `"${name}"`).join(", ")} ${shared.length === 1 ? "is" : "are"} also ${other.name}'s: copied from ${other.name}? List ${city.name}'s own neighborhoods`, `locations[${index}].neighbourhoods`);
      }
      for (const field of ["travelNote", "parkingNote"] as const) {
        if (withoutCityNames(city[field], cities) === withoutCityNames(other[field], cities)) {
          warn("content/site.config.ts", `is ${other.name}'s ${field} (the cities' names aside): copied from ${other.name}? Write ${city.name}'s own`, `locations[${index}].${field}`);
        }
      }
    }
  });

  // The pages: another city's neighborhoods and landmarks, or its name more often than the city's own.
  // Where the office is ("the Old Town office") is every city's to name.
  const { officeName, street, directions } = content.site.address;
  const office = `${officeName} ${street} ${directions}`.toLowerCase();
  const placesOf = new Map(cities.map((city) => [city.slug, [...city.neighbourhoods, ...landmarksOf(city, cities)].filter((place) => !office.includes(place.toLowerCase()))]));
  for (const { file, source } of await markdown()) {
    const city = cities.find((each) => file.startsWith(`content/services/${each.slug}/`));
    if (!city) continue;
    // The city's own places; a copied entry's are still the city it was copied from.
    const copiedFromCity = copiedFrom(city, cities);
    const own = new Set(placesOf.get(city.slug)!.filter((place) => !copiedFromCity || !placesOf.get(copiedFromCity.slug)!.includes(place)));
    // Longest first, so "Downtown Bellevue" is set aside before "Downtown" (Seattle's) is looked for.
    const ownPlaces = [...own].sort((a, b) => b.length - a.length);
    source.split("\n").forEach((line, index) => {
      const text = ownPlaces.reduce((rest, place) => rest.replace(new RegExp(`(?<![\\w-])${escape(place)}(?![\\w-])`, "g"), " "), line);
      const foreign = new Map<string, string[]>();
      for (const other of cities) {
        if (other === city) continue;
        for (const place of placesOf.get(other.slug)!) {
          // A place two other cities name (I-5) says nothing of where a page came from.
          const namedBy = cities.filter((each) => each !== city && placesOf.get(each.slug)!.includes(place));
          if (own.has(place) || namedBy.length > 1 || !mentions(text, place)) continue;
          foreign.set(other.name, [...(foreign.get(other.name) ?? []), place]);
        }
      }
      for (const [name, places] of foreign) {
        warn(file, `line ${index + 1}: ${places.map((place) => `"${place}"`).join(", ")} ${places.length === 1 ? "is" : "are"} ${name}'s (in its neighborhoods or travel notes in site.config.ts), not ${city.name}'s: copied from ${name}'s page? Say what is true of ${city.name}`);
      }
    });
    const ownName = count(source, city.name);
    for (const other of cities) {
      const named = count(source, other.name);
      if (other !== city && named > ownName && named >= 3) warn(file, `names ${other.name} ${named} times and ${city.name} ${ownName === 0 ? "never" : `${ownName} times`}: copied from ${other.name}'s page? Write it for ${city.name}`);
    }
  }
};
