/** The compiled content: what `pnpm content` writes to .generated/content.json and pages read. */
import type { Root } from "hast";
import type { z } from "zod";
import type {
  BlogFrontMatter,
  locationFrontMatterSchema,
  LocationServiceFrontMatter,
  PageFrontMatter,
  ServiceFrontMatter,
  SiteConfig,
} from "../content-compiler/schema";
import type { Heading } from "../content-compiler/markdown";
import type { CoreService } from "./core-services";

export interface ImageVariant {
  width: number;
  url: string;
}

/** One source image in content/images and the responsive variants made from it at build time. */
export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  avif: ImageVariant[];
  webp: ImageVariant[];
  /** A JPEG for places that need one format (feeds, structured data). */
  jpeg: string;
  /** A 1200x630 JPEG crop, for a blog post's sharing image (ogImage). */
  og: string;
  /** The image's average colour, shown while it loads. */
  placeholder: string;
}

export interface MediaAsset {
  src: string;
  url: string;
}

export interface Doc {
  hast: Root;
  text: string;
  wordCount: number;
  headings: Heading[];
}

export interface PageContent {
  /** File name without extension: `index`, `about-me`, `ratesAndInsurance`, ... */
  key: string;
  path: string;
  meta: PageFrontMatter;
  body: Doc;
}

export interface ServiceContent {
  slug: string;
  path: string;
  meta: ServiceFrontMatter;
  body: Doc;
}

export type LocationSlug = SiteConfig["locations"][number]["slug"];

export interface LocationContent {
  slug: LocationSlug;
  path: string;
  meta: z.output<typeof locationFrontMatterSchema>;
  facts: SiteConfig["locations"][number];
  body: Doc;
}

export interface LocationServiceContent {
  location: LocationSlug;
  variation: CoreService;
  path: string;
  meta: LocationServiceFrontMatter;
  body: Doc;
}

export interface PostContent {
  slug: string;
  path: string;
  meta: BlogFrontMatter & { author: string; lastUpdated: string };
  body: Doc;
  excerpt: string;
  readingMinutes: number;
}

export interface FaqItem {
  id: string;
  question: string;
  answer: Root;
  answerText: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

export interface NoticeContent {
  key: string;
  meta: { title: string; lastUpdated: string; headerLink?: string };
  body: Doc;
}

export interface BuildInfo {
  id: string;
  timestamp: number;
}

export interface Content {
  site: SiteConfig;
  pages: Record<string, PageContent>;
  services: ServiceContent[];
  locations: LocationContent[];
  locationServices: LocationServiceContent[];
  posts: PostContent[];
  faq: { title: string; lastUpdated: string; groups: FaqGroup[] };
  notices: Record<string, NoticeContent>;
  images: Record<string, ImageAsset>;
  media: Record<string, MediaAsset>;
}

/** The last compile's outcome (.generated/content-status.json): problems only while `pnpm dev` watches. */
export interface ContentStatus {
  problems: string | null;
}
