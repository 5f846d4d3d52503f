/**
 * How many times a text is in a page as sent: in its markup, and in React's flight payload (the
 * inline `self.__next_f.push([1, "…"])` scripts, decoded, with a further JSON-escaped form counted
 * too, as a prop's string value is written there).
 */
const FLIGHT_SCRIPT = /<script>self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g;

export interface DocumentParts {
  /** The HTML without the flight payload's scripts. */
  markup: string;
  /** The flight payload's text, as React reads it. */
  flight: string;
}

export function documentParts(html: string): DocumentParts {
  let flight = "";
  const markup = html.replace(FLIGHT_SCRIPT, (_, chunk: string) => {
    const [kind, text] = JSON.parse(chunk) as [number, string?];
    if (kind === 1 && typeof text === "string") flight += text;
    return "";
  });
  return { markup, flight };
}

const occurrences = (haystack: string, needle: string) => {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
};

/** Copies of `text` in the page: in the markup, and in the flight payload as text or as a JSON string. */
export function copiesOf(parts: DocumentParts, text: string): number {
  const escaped = JSON.stringify(text).slice(1, -1);
  return occurrences(parts.markup, text) + occurrences(parts.flight, text) + (escaped === text ? 0 : occurrences(parts.flight, escaped));
}

/**
 * The rules of the page's inlined stylesheets (`<style>` elements outside scripts), line by line:
 * React writes the stylesheets of one precedence into one <style>, each file's text whole, and
 * a file's lines (one per CSS module) never span two files. Lines under 40 characters are left out.
 */
export const inlinedCssLines = (parts: DocumentParts) =>
  [...parts.markup.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].flatMap((match) => match[1]!.split("\n")).filter((line) => line.length >= 40);

/** The text of each JSON-LD block in the markup. */
export const jsonLdBlocks = (parts: DocumentParts) => [...parts.markup.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

/**
 * How many elements of each client component the flight payload renders, by the component's
 * export name: a client reference is a row `id:I[module, chunks, name]`, and each element of it
 * is written `["$","$Lid",…]`. Every one of them is hydrated as a component of its own.
 */
export function clientComponentElements(parts: DocumentParts): Map<string, number> {
  // React writes a string used more than once as a row of its own (`id:"…"`), referred to as "$id".
  const outlined = (value: string) => {
    const row = /^\$([0-9a-f]+)$/.exec(value) && new RegExp(`(?:^|\n)${value.slice(1)}:("[^"\n]*")`).exec(parts.flight);
    return row ? (JSON.parse(row[1]!) as string) : value;
  };
  const counts = new Map<string, number>();
  for (const [, id, reference] of parts.flight.matchAll(/(?:^|\n)([0-9a-f]+):I(\[[^\n]*\])/g)) {
    const name = outlined(String((JSON.parse(reference!) as unknown[])[2] ?? ""));
    counts.set(name, (counts.get(name) ?? 0) + occurrences(parts.flight, `"$L${id}"`));
  }
  return counts;
}
