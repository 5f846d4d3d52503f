/**
 * Practice facts typed into markdown instead of written as a {{token}}: each would go stale the
 * day site.config.ts changes. Toll-free numbers are national helplines (the Good Faith Estimate
 * line, the domestic violence hotline), not the practice's phone.
 */
import type { ContentCheck } from ".";

const TYPED_FACTS: { what: string; pattern: RegExp; allowed?: (match: string, file: string) => boolean }[] = [
  {
    what: "a phone number: write {{phone}} (or {{phoneHref}} in a link)",
    pattern: /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g,
    allowed: (match) => /^(?:\+?1[\s.-]?)?\(?8(?:00|33|44|55|66|77|88)\b/.test(match),
  },
  {
    what: "an email address: write {{email}} (or {{emailHref}} in a link)",
    pattern: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
    // The federal government's address for questions about the Good Faith Estimate, as CMS's notice gives it.
    allowed: (match, file) => file === "content/notices/good-faith-estimate.md" && match === "FederalPPDRQuestions@cms.hhs.gov",
  },
  {
    what: "a dollar amount: write its {{fee…}} token",
    pattern: /\$\s?\d+(?:,\d{3})*/g,
    // The No Surprises Act's dispute threshold is set by federal rule, not by the practice.
    allowed: (match, file) => file === "content/notices/good-faith-estimate.md" && match === "$400",
  },
  {
    what: "a range of weekdays: write {{hours.<id>}} or {{hours.<id>.days}}",
    pattern: /\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\s*(?:to|through|thru|until|till|–|—|-)\s*(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b/gi,
  },
  {
    what: "a range of clock times: write {{hours.<id>}} or {{hours.<id>.opens}} / .closes",
    pattern: /\b\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:to|until|till|–|—|-)\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)\b/gi,
  },
  { what: "an opening or closing time: write {{hours.<id>.opens}} / .closes", pattern: /\b(?:until|till|from)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b/gi },
];

export const typedFacts: ContentCheck = async (content, { markdown, warn }) => {
  const { site } = content;
  const literal: [string, string][] = [
    [site.siteName, "{{siteName}}"],
    [site.therapist.name, "{{therapist}}"],
    [site.contact.phoneDisplay, "{{phone}}"],
    [site.contact.email, "{{email}}"],
    [site.address.street, "{{address}}"],
    [site.contact.bookingUrl, "{{bookingUrl}}"],
  ];
  for (const { file, source: written } of await markdown()) {
    // A post's `author` names the therapist by design (content/README.md): everything else is the owner's text.
    const source = written.replace(/^author:.*$/m, "");
    for (const { what, pattern, allowed } of TYPED_FACTS) {
      for (const [match] of source.matchAll(pattern)) if (!allowed?.(match, file)) warn(file, `"${match}" is ${what}, so it changes with site.config.ts`);
    }
    for (const [value, token] of literal) if (value && source.includes(value)) warn(file, `"${value}" is typed from site.config.ts: write ${token}, so it changes with the config`);
  }
};
