/**
 * What a recorded miss keeps of the path: the masking table (paths with what the record must hold,
 * written by hand: each shape a visitor's address or number has been seen in, and paths that hold
 * nothing personal), the referrer's host, and the limits on what is read. The rule the table holds
 * the code to is the README's ("Old links that now 404").
 */
import { describe, expect, it } from "vitest";
import { describeMiss, maskedError, maskText, recordedPath } from "./record";

const AT = new Date("2026-03-10T12:34:56.789Z");
const recorded = (path: string) => describeMiss({ path, time: AT }).path;

describe("masking a recorded path", () => {
  // path asked for → path recorded. Numbers: seven digits or more in one segment, whatever separates them…
  const NUMBERS: [string, string][] = [
    ["/call-555-0199", "/call-{number}"],
    ["/call-206+555+0199", "/call-{number}"],
    ["/call-206:555:0199", "/call-{number}"],
    ["/call-206;555;0199", "/call-{number}"],
    ["/call-206~555~0199", "/call-{number}"],
    ["/call-206*555*0199", "/call-{number}"],
    ["/call-206'555'0199", "/call-{number}"],
    ["/call-(206)555-0199", "/call-{number}"],
    ["/call-206--555--0199", "/call-{number}"],
    ["/call-206%20-%20555%20-%200199", "/call-{number}"], // 206 - 555 - 0199
    ["/call-206%E2%80%8B555%E2%80%8B0199", "/call-{number}"], // a zero-width space between the groups
    ["/call-206%C2%AD555%C2%AD0199", "/call-{number}"], // a soft hyphen
    ["/call-206%252D555%252D0199", "/call-{number}"], // %252D: a dash encoded twice
    ["/call/206.555.0199", "/call/{number}"],
    ["/call/(425)%20555-0199", "/call/{number}"],
    ["/call/+1.425.555.0199/", "/call/{number}"],
    ["/call/%2B1-206-555-0199", "/call/{number}"], // the + encoded
    ["/call/(+1)425-555-0199", "/call/{number}"],
    ["/ring-(555-0199)-today", "/ring-{number}-today"],
    ["/call/555%E2%80%930199", "/call/{number}"], // 555–0199, an en dash
    ["/call/425,555,0199", "/call/{number}"],
    ["/call/555_0199", "/call/{number}"],
    ["/call-206-five55-0199", "/call-{number}"], // letters between the digits too
    ["/my-number-is-2065550199-call-me", "/my-number-is-{number}-call-me"],
    ["/call/206%2F555%2F0199", "/call/{number}"], // an encoded slash is inside the segment
    ["/call/206%EF%BC%8F555%EF%BC%8F0199", "/call/{number}"], // ／, a fullwidth slash
    ["/call/%EF%BC%92%EF%BC%90%EF%BC%96-555-0199", "/call/{number}"], // ２０６, fullwidth digits
    ["/%D9%A2%D9%A0%D9%A6%D9%A5%D9%A5%D9%A5%D9%A0", "/{number}"], // ٢٠٦٥٥٥٠, Arabic-Indic digits
    ["/%E2%91%A1%E2%91%A0%E2%91%A5-555-0199", "/{number}"], // ②⓪⑥: circled digits, digits once normalised
    ["/%35%35%35%2D%30%31%39%39", "/{number}"], // 555-0199, every character percent-encoded
    ["/%2535%2535%2535%2530%2531%2539%2539", "/{number}"], // 5550199, encoded twice
    // …a phone number split by slashes, its last group the long one…
    ["/call/555/0199", "/call/{number}"],
    ["/call/425/555/0199", "/call/{number}"],
    ["/call/+1/425/555/0199", "/call/{number}"],
    ["/call/(425)/555/0199", "/call/{number}"],
    // …account, card, social security and ZIP+4 numbers, and dates of birth.
    ["/acct-1234-5678", "/acct-{number}"],
    ["/acct-123-4567", "/acct-{number}"],
    ["/zip/98101-1234", "/zip/{number}"],
    ["/dob-1990-05-12", "/dob-{number}"],
    ["/born/1990.05.12", "/born/{number}"],
    ["/blog/2019-05-12-old-post", "/blog/{number}-old-post"], // a date in one segment is a date of birth as much as a post's
    ["/ssn/123-45-6789", "/ssn/{number}"],
    ["/card/4111%201111%201111%201111", "/card/{number}"],
    ["/patients/12345678/notes", "/patients/{number}/notes"],
  ];
  // Addresses: a segment with an @ in any spelling is masked whole.
  const ADDRESSES: [string, string][] = [
    ["/jane.doe@gmail.com", "/{email}"],
    ["/contact-jane.doe@example.com", "/{email}"],
    ["/unsubscribe/jane%40example.com", "/unsubscribe/{email}"],
    ["/jane%2540example.com", "/{email}"], // %2540: an @ encoded twice
    ["/jane%252540example.com", "/{email}"], // three times
    ["/jane%20@%20example.com", "/{email}"], // spaces around the @
    ["/jane@example%E3%80%82com", "/{email}"], // 。, an ideographic full stop for the dot
    ["/jane@example%E2%80%A4com", "/{email}"], // ․, a one-dot leader
    ["/%22jane%20doe%22@example.com", "/{email}"], // a quoted local part
    ["/jane@localhost", "/{email}"], // no top-level domain
    ["/home@work", "/{email}"],
    ["/jane@%5B192.168.0.1%5D", "/{email}"], // an IP literal for a domain
    ["/jane@10.0.0.1", "/{email}"],
    ["/jane%EF%BC%A0example.com", "/{email}"], // ＠, fullwidth
    ["/jane%EF%B9%ABexample.com", "/{email}"], // ﹫, small
    ["/jane(at)example.com", "/{email}"],
    ["/jane%20%5Bat%5D%20example%20%5Bdot%5D%20com", "/{email}"], // jane [at] example [dot] com
    ["/jane@ex%E2%80%8Bample.com", "/{email}"],
    ["/mailto:jane@example.com", "/{email}"],
  ];
  // IP literals.
  const IPS: [string, string][] = [
    ["/10.0.0.1", "/{ip}"],
    ["/from/192.168.1.20/admin", "/from/{ip}/admin"],
    ["/host-10.1.2.3-admin", "/host-{ip}-admin"],
    ["/10%2E0%2E0%2E1", "/{ip}"], // the dots encoded
    ["/10.0.%E2%80%8B0.1", "/{ip}"], // a zero-width space inside
    ["/2001:db8::1", "/{ip}"],
    ["/fe80::1%25eth0", "/{ip}"], // with its zone
    ["/::ffff:192.0.2.1", "/{ip}"],
    ["/host:fe80::1", "/host:{ip}"], // the colon before it joins it to the text
    ["/255.1.1.1", "/{ip}"],
    ["/10%E3%80%820%E3%80%820%E3%80%821", "/{ip}"], // 10。0。0。1, ideographic full stops
  ];
  // Everything of the path is masked together: the issue's own example.
  const TOGETHER: [string, string][] = [
    ["/jane.doe@gmail.com/206-555-1234-my-bipolar-diagnosis", "/{email}/{number}-my-bipolar-diagnosis"],
    ["/call-555-0199/jane@example.com/10.0.0.1", "/call-{number}/{email}/{ip}"],
  ];
  // What holds nothing personal stays as the proxy keys it.
  const KEPT: [string, string][] = [
    ["/2019/03/12/post", "/2019/03/12/post"],
    ["/2019/05/12/10-tips-for-couples", "/2019/05/12/10-tips-for-couples"],
    ["/node/123456", "/node/123456"],
    ["/zip/98101", "/zip/98101"],
    ["/top-10-tips-for-2024", "/top-10-tips-for-2024"],
    ["/page/2/3/4567", "/page/2/3/4567"],
    ["/index.php/page-2", "/index.php/page-2"],
    ["/v1.2.3/docs", "/v1.2.3/docs"],
    ["/v1.2.3.4.5/docs", "/v1.2.3.4.5/docs"], // not an address: five numbers
    ["/256.1.1.1", "/256.1.1.1"], // not an address: 256 is past an octet
    ["/std::vector", "/std::vector"],
    ["/meeting-12:30:45", "/meeting-12:30:45"],
    ["/meet-at-the-park", "/meet-at-the-park"],
    ["/100%25-sure", "/100%25-sure"],
    ["/Old%2Dpage/", "/Old-page"],
    ["/caf%c3%a9-menu", "/caf%C3%A9-menu"],
    ["/caf%E9", "/caf%E9"], // a Latin-1 byte, not UTF-8: kept as spelt, read as nothing
    ["/about.html", "/about.html"],
  ];
  const TABLE = [...NUMBERS, ...ADDRESSES, ...IPS, ...TOGETHER, ...KEPT];

  it("has the 94 cases of the table", () => {
    expect([NUMBERS.length, ADDRESSES.length, IPS.length, TOGETHER.length, KEPT.length]).toEqual([44, 19, 11, 2, 18]);
    expect(TABLE).toHaveLength(94);
  });

  for (const [asked, expected] of TABLE) {
    it(`records ${asked} as ${expected}`, () => {
      expect(recorded(asked)).toBe(expected);
    });
  }

  it("records a path whose escapes are nested past eight levels as unreadable", () => {
    // An @ encoded `times` times: %40, %2540, %252540…
    const encoded = (times: number) => `/jane%${"25".repeat(times - 1)}40example.com`;
    expect(recorded(encoded(8))).toBe("/{email}");
    expect(recorded(encoded(9))).toBe("/{unreadable}");
  });
});

describe("a log line's path", () => {
  it("is the recorded path: no query, masked, cut short", () => {
    expect(recordedPath("/jane.doe@gmail.com/206-555-1234?email=jane.doe%40gmail.com#top")).toBe("/{email}/{number}");
    expect(recordedPath("*")).toBe("/{unreadable}");
    expect(recordedPath(`/${"a".repeat(295)}/206-555-1234`)).toBe(`/${"a".repeat(295)}/`); // a mask cut in two is left out
  });

  it("cuts neither a mask nor an escape in two at 300 characters", () => {
    expect(recordedPath(`/${"a".repeat(297)}%E9b`)).toBe(`/${"a".repeat(297)}`);
    expect(recordedPath(`/${"a".repeat(296)}%E9b`)).toBe(`/${"a".repeat(296)}%E9`);
  });

  it("gives an error as its name, its message masked and where it was thrown, nothing else", () => {
    const error = new TypeError("cannot read /jane.doe@gmail.com/206-555-1234");
    const [first, ...frames] = maskedError(error).split("\n");
    expect(first).toBe("TypeError: cannot read /{email}/{number}");
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((frame) => /^\s+at /.test(frame))).toBe(true);
    expect(maskedError(Object.assign(new Error("no stack"), { stack: undefined }))).toBe("Error: no stack");
    expect(maskedError("jane.doe@gmail.com")).toBe("a thrown string");
  });

  it("masks free text by the same rule, its segments ending at slashes and line breaks", () => {
    expect(maskText(`jane%${"25".repeat(9)}40gmail.com`)).toBe("{unreadable}");
    expect(maskText("Failed to parse URL from /jane.doe@gmail.com/206-555-1234-x")).toBe("Failed to parse URL from /{email}/{number}-x");
    expect(maskText("no such key\ncall 206 555 1234")).toBe("no such key\ncall {number}");
  });
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
    // Only the character the cut splits is dropped: an emoji near the start is kept whole (as its escapes).
    const early = `/😀${"b".repeat(3071 - 3)}`;
    expect(recorded(`${early}😀${"c".repeat(50)}`)).toBe(`/%F0%9F%98%80${"b".repeat(300 - 13)}`);
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
    ["https://192.168.1.5:8080/mail", "{ip}"],
    ["http://[2001:db8::1]/", "{ip}"],
    ["http://2130706433/", "{ip}"], // 127.0.0.1 as one number, which the URL standard reads as the address
    ["https://206-555-0199.example/", "{number}.example"],
    ["https://www.206.555.0199.example/", "www.{number}.example"],
    ["https://user123.example.com/", "user123.example.com"],
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
