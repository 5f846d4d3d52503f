/**
 * Checks a JSON-LD graph against schema.org's own vocabulary (the release that @vocabulary/schema
 * ships as N-Quads, converted from schema.org's schemaorg-current file): every @type is a
 * schema.org class, every property is a schema.org property that is not superseded, each
 * property's domain includes one of its node's types (or their superclasses), and each value
 * that is a node, or a reference to one in the graph, has a type in the property's range. Text
 * stands in for any value, as schema.org allows; numbers and booleans must fit the range.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const SCHEMA = "http://schema.org/";
const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
const RDFS = "http://www.w3.org/2000/01/rdf-schema#";

interface Vocabulary {
  classes: Set<string>;
  properties: Set<string>;
  superclasses: Map<string, Set<string>>;
  domains: Map<string, Set<string>>;
  ranges: Map<string, Set<string>>;
  superseded: Set<string>;
}

/** One triple per line whose subject, predicate and object are all IRIs: all this check needs. */
const IRI_TRIPLE = /^<([^>]+)> <([^>]+)> <([^>]+)>(?: <[^>]+>)? \.$/;

function loadVocabulary(): Vocabulary {
  const file = createRequire(import.meta.url).resolve("@vocabulary/schema/schema.nq");
  const vocabulary: Vocabulary = { classes: new Set(), properties: new Set(), superclasses: new Map(), domains: new Map(), ranges: new Map(), superseded: new Set() };
  const add = (map: Map<string, Set<string>>, key: string, value: string) => map.set(key, (map.get(key) ?? new Set()).add(value));
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = IRI_TRIPLE.exec(line);
    if (!match?.[1]?.startsWith(SCHEMA)) continue;
    const [, subject, predicate, object] = match as unknown as [string, string, string, string];
    const term = subject.slice(SCHEMA.length);
    const value = object.startsWith(SCHEMA) ? object.slice(SCHEMA.length) : object;
    if (predicate === RDF_TYPE && object === `${RDFS}Class`) vocabulary.classes.add(term);
    else if (predicate === RDF_TYPE && object === "http://www.w3.org/1999/02/22-rdf-syntax-ns#Property") vocabulary.properties.add(term);
    else if (predicate === `${RDFS}subClassOf`) add(vocabulary.superclasses, term, value);
    else if (predicate === `${SCHEMA}domainIncludes`) add(vocabulary.domains, term, value);
    else if (predicate === `${SCHEMA}rangeIncludes`) add(vocabulary.ranges, term, value);
    else if (predicate === `${SCHEMA}supersededBy`) vocabulary.superseded.add(term);
  }
  if (vocabulary.classes.size < 500 || vocabulary.properties.size < 1000) throw new Error(`${file} does not look like the schema.org vocabulary`);
  return vocabulary;
}

let loaded: Vocabulary | undefined;
const vocabulary = () => (loaded ??= loadVocabulary());

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null && !Array.isArray(value);
const typesOf = (node: Node) => [node["@type"] ?? []].flat().map(String);

/** The types and every superclass of them. */
function lineage(types: string[]): Set<string> {
  const { superclasses } = vocabulary();
  const seen = new Set<string>();
  const visit = (type: string) => {
    if (seen.has(type)) return;
    seen.add(type);
    superclasses.get(type)?.forEach(visit);
  };
  types.forEach(visit);
  return seen;
}

const overlaps = (a: Set<string>, b: Set<string> | undefined) => [...a].some((item) => b?.has(item));

/** Everything wrong with a page's graph; an empty list when schema.org accepts all of it. */
export function schemaOrgProblems(document: unknown): string[] {
  const { classes, properties, domains, ranges, superseded } = vocabulary();
  const problems: string[] = [];
  if (!isNode(document) || document["@context"] !== "https://schema.org" || !Array.isArray(document["@graph"])) {
    return ['not a {"@context": "https://schema.org", "@graph": [...]} document'];
  }
  const byId = new Map<string, Node>();
  const index = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(index);
    else if (isNode(value)) {
      if (typeof value["@id"] === "string" && value["@type"] !== undefined) byId.set(value["@id"], value);
      Object.values(value).forEach(index);
    }
  };
  index(document["@graph"]);

  const checkValue = (property: string, value: unknown, at: string) => {
    const range = ranges.get(property);
    if (isNode(value)) {
      const reference = Object.keys(value).length === 1 && typeof value["@id"] === "string";
      const target = reference ? byId.get(value["@id"] as string) : value;
      if (!target) return problems.push(`${at}: refers to ${String(value["@id"])}, which the graph does not define`);
      if (!overlaps(lineage(typesOf(target)), range)) problems.push(`${at}: a ${typesOf(target).join("/")} is not in the range of ${property} (${[...(range ?? [])].join(", ")})`);
      if (!reference) checkNode(value, at);
    } else if (typeof value === "number" && !overlaps(new Set(["Number", "Integer", "Float", "Text"]), range)) {
      problems.push(`${at}: a number is not in the range of ${property}`);
    } else if (typeof value === "boolean" && !range?.has("Boolean")) {
      problems.push(`${at}: a boolean is not in the range of ${property}`);
    }
  };

  const checkNode = (node: Node, at: string) => {
    const types = typesOf(node);
    if (types.length === 0) return problems.push(`${at}: a node without @type`);
    for (const type of types) if (!classes.has(type)) problems.push(`${at}: ${type} is not a schema.org type`);
    const own = lineage(types);
    for (const [property, value] of Object.entries(node)) {
      if (property.startsWith("@")) continue;
      const where = `${at}.${property}`;
      if (!properties.has(property)) {
        problems.push(`${where}: not a schema.org property`);
        continue;
      }
      if (superseded.has(property)) problems.push(`${where}: superseded in schema.org`);
      if (!overlaps(own, domains.get(property))) problems.push(`${where}: not a property of ${types.join("/")} (its domain: ${[...(domains.get(property) ?? [])].join(", ")})`);
      [value].flat().forEach((item, i) => checkValue(property, item, Array.isArray(value) ? `${where}[${i}]` : where));
    }
  };

  document["@graph"].forEach((node, i) => (isNode(node) ? checkNode(node, `@graph[${i}]`) : problems.push(`@graph[${i}]: not a node`)));
  return problems;
}
