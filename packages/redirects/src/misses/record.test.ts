/**
 * What a recorded miss keeps of the path: the masking table (30 paths with what the record must
 * hold, written by hand) and the limits on what is read.
 */
import { describe, expect, it } from "vitest";
import { describeMiss } from "./record";

const AT = new Date("2026-03-10T12:34:56.789Z");
const recorded = (path: string) => describeMiss({ path, time: AT }).path;

describe("masking a recorded path", () => {
  // path asked for → path recorded: 17 that hold something personal…
  const MASKED: [string, string][] = [
    ["/call-555-0199", "/call-{number}"],
    ["/acct-123-4567", "/acct-{number}"],
    ["/call/555_0199", "/call/{number}"],
    ["/call/555/0199", "/call/{number}"],
    ["/call/425,555,0199", "/call/{number}"],
    ["/call/555%E2%80%930199", "/call/{number}"], // 555–0199, an en dash
    ["/call/(425)%20555-0199", "/call/{number}"],
    ["/call/+1.425.555.0199/", "/call/{number}"],
    ["/call/%EF%BC%95%EF%BC%95%EF%BC%95%EF%BC%8D%EF%BC%90%EF%BC%91%EF%BC%99%EF%BC%99", "/call/{number}"], // ５５５－０１９９, fullwidth
    ["/%35%35%35%2D%30%31%39%39", "/{number}"], // 555-0199, every character percent-encoded
    ["/patients/12345678/notes", "/patients/{number}/notes"],
    ["/ssn/123-45-6789", "/ssn/{number}"],
    ["/card/4111%201111%201111%201111", "/card/{number}"],
    ["/contact-jane.doe@example.com", "/{email}"],
    ["/unsubscribe/jane%40example.com", "/unsubscribe/{email}"],
    ["/jane%EF%BC%A0example.com", "/{email}"], // jane＠example.com, a fullwidth at sign
    ["/ref/%zz/call-555-0199", "/{unreadable}"], // a bad escape: nothing of it is kept
  ];
  // …and 13 that hold nothing personal and must stay as the proxy keys them.
  const KEPT: [string, string][] = [
    ["/2019/05/12/old-post", "/2019/05/12/old-post"],
    ["/2019/05/12/10-tips-for-couples", "/2019/05/12/10-tips-for-couples"],
    ["/blog/2019-05-12-old-post", "/blog/2019-05-12-old-post"],
    ["/events/2024.05.01/seattle-workshop", "/events/2024.05.01/seattle-workshop"],
    ["/node/123456", "/node/123456"],
    ["/zip/98101", "/zip/98101"],
    ["/index.php/page-2", "/index.php/page-2"],
    ["/v1.2.3/docs", "/v1.2.3/docs"],
    ["/Old%2Dpage/", "/Old-page"],
    ["/caf%c3%a9-menu", "/caf%C3%A9-menu"],
    ["/caf%E9", "/caf%E9"], // a Latin-1 byte, not UTF-8: kept as spelt, read as nothing
    ["/home@work", "/home@work"], // no domain: not an address
    ["/about.html", "/about.html"],
  ];

  it("has the 30 cases of the table", () => {
    expect([MASKED.length, KEPT.length]).toEqual([17, 13]);
  });

  for (const [asked, expected] of [...MASKED, ...KEPT]) {
    it(`records ${asked} as ${expected}`, () => {
      expect(recorded(asked)).toBe(expected);
    });
  }
});

describe("what is read of a long path", () => {
  it("masks a path over 3,072 characters too, then keeps its first 300", () => {
    const asked = `/call-555-0199/${"a".repeat(3100)}`;
    expect(recorded(asked)).toBe(`/call-{number}/${"a".repeat(300 - "/call-{number}/".length)}`);
    expect(recorded(`/${"%61".repeat(2000)}/jane%40example.com`)).toBe(`/${"a".repeat(299)}`);
  });

  it("reads the first 3,072 characters, and an escape or character cut in two there does not make the path unreadable", () => {
    const head = `/jane%40example.com/${"b".repeat(3072 - 21)}`; // 3,071 characters, then the cut
    expect(recorded(`${head}%41${"c".repeat(50)}`)).toBe(`/{email}/${"b".repeat(300 - "/{email}/".length)}`);
    expect(recorded(`${head}%4${"c".repeat(50)}`)).toBe(`/{email}/${"b".repeat(300 - "/{email}/".length)}`);
    expect(recorded(`${head}😀${"c".repeat(50)}`)).toBe(`/{email}/${"b".repeat(300 - "/{email}/".length)}`);
    // Past the 3,072nd character nothing is read, so a bad escape there changes nothing.
    expect(recorded(`${head}b%zz`)).toBe(`/{email}/${"b".repeat(300 - "/{email}/".length)}`);
  });
});

describe("reading a path's escapes as the characters they spell", () => {
  // The masks are matched on the characters, so a number is found whatever its characters' length
  // in UTF-8, and a byte that spells no character is kept as sent without hiding what follows.
  const READ: [string, string][] = [
    ["/call/555%C2%A00199", "/call/{number}"], // a no-break space: two bytes, the first C2
    ["/%DF%80%DF%81%DF%82%DF%83%DF%84%DF%85%DF%86", "/{number}"], // ߀߁߂߃߄߅߆, NKo digits: two bytes, the first DF
    ["/%E0%A5%A6%E0%A5%A7%E0%A5%A8%E0%A5%A9%E0%A5%AA%E0%A5%AB%E0%A5%AC", "/{number}"], // ०१२३४५६, Devanagari digits: three bytes, the first E0
    ["/%F0%9D%9F%8E%F0%9D%9F%8F%F0%9D%9F%90%F0%9D%9F%91%F0%9D%9F%92%F0%9D%9F%93%F0%9D%9F%94", "/{number}"], // 𝟎𝟏𝟐𝟑𝟒𝟓𝟔, mathematical digits: four bytes
    ["/caf%FF-555-0199", "/caf%FF-{number}"], // FF starts no character
    ["/x%80-555-0199", "/x%80-{number}"], // a continuation byte with nothing before it
    ["/x%E2%80-555-0199", "/x%E2%80-{number}"], // an en dash cut short
  ];
  for (const [asked, expected] of READ) {
    it(`records ${asked} as ${expected}`, () => {
      expect(recorded(asked)).toBe(expected);
    });
  }
});

describe("an email address and a number in one path", () => {
  it.each([
    ["/call-555-0199/jane@example.com", "/call-{number}/{email}"],
    ["/jane@example.com/call-555-0199", "/{email}/call-{number}"],
    ["/jane%40example.com/call-555-0199", "/{email}/call-{number}"],
    ["/jane5550199@example.com", "/{email}"], // the digits of an address are not masked again
  ])("records %s as %s", (asked, expected) => {
    expect(recorded(asked)).toBe(expected);
  });
});

describe("a path cut short by its sender", () => {
  it("records a path ending in half an escape as unreadable, at any length up to what is read", () => {
    expect(recorded("/old-page%4")).toBe("/{unreadable}");
    const exactlyRead = `/${"a".repeat(3072 - 3)}%4`; // 3,072 characters: read whole
    expect(exactlyRead).toHaveLength(3072);
    expect(recorded(exactlyRead)).toBe("/{unreadable}");
  });

  it("reads a long path cut inside an escape up to the escape", () => {
    const head = `/jane%40example.com/${"b".repeat(3072 - 22)}`; // 3,070 characters, then %41 cut after %4
    expect(recorded(`${head}%41${"c".repeat(50)}`)).toBe(`/{email}/${"b".repeat(300 - "/{email}/".length)}`);
  });
});

describe("the referrer recorded", () => {
  const referrer = (sent: string | null) => describeMiss({ path: "/old", referrer: sent, time: AT }).referrer;
  it.each([
    ["https://www.google.com/search?q=couples+therapy", "www.google.com"],
    ["http://example.org:8080/links", "example.org:8080"],
    ["android-app://com.google.android.gm/", undefined],
    ["not a web address", undefined],
    ["", undefined],
    [null, undefined],
  ])("from %j is %j", (sent, host) => {
    expect(referrer(sent)).toBe(host);
  });

  it("cuts a host at 253 characters, the longest a domain name can be", () => {
    const long = `${"a".repeat(60)}.`.repeat(5) + "example"; // 312 characters
    expect(referrer(`https://${long}/`)).toBe(long.slice(0, 253));
  });
});
