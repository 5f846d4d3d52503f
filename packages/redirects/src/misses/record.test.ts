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
