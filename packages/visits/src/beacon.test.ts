import { describe, expect, it } from "vitest";
import { parseBeacon } from "./beacon";

describe("the beacon a page sends", () => {
  it.each([
    ["p=%2Fabout-me", { kind: "view", path: "/about-me" }],
    ["p=%2F&r=www.google.com", { kind: "view", path: "/", arrivedFrom: "www.google.com" }],
    ["p=%2F&r=", { kind: "view", path: "/", arrivedFrom: "" }],
    ["p=%2F&r=WWW.Bing.COM", { kind: "view", path: "/", arrivedFrom: "www.bing.com" }],
    ["p=%2F&r=%5B2001%3Adb8%3A%3A1%5D", { kind: "view", path: "/", arrivedFrom: "[2001:db8::1]" }],
    ["p=%2Fblog&c=Couples%20Therapy", { kind: "view", path: "/blog", category: "Couples Therapy" }],
    ["p=%2Fcontact&a=call&f=1", { kind: "tap", path: "/contact", tap: "call", first: true }],
    ["p=%2Fcontact&a=988", { kind: "tap", path: "/contact", tap: "988", first: false }],
    ["a=book&p=%2Fservices%2FcouplesTherapy", { kind: "tap", path: "/services/couplesTherapy", tap: "book", first: false }],
    // A path the site never published is still a beacon: the endpoint counts it as "other".
    ["p=%2Fjane.doe%40gmail.com%2F206-555-1234", { kind: "view", path: "/jane.doe@gmail.com/206-555-1234" }],
  ])("%s is %j", (body, beacon) => {
    expect(parseBeacon(body)).toEqual(beacon);
  });

  it.each([
    ["", "no page path"],
    ["r=www.google.com", "no page path"],
    ["p=about-me", "no page path"],
    [`p=/${"a".repeat(512)}`, "no page path"],
    ["p=%2F&ip=203.0.113.9", "an unknown field"],
    ["p=%2F&ua=Mozilla", "an unknown field"],
    ["p=%2F&p=%2Fabout-me", "a field twice"],
    ["p=%2Fabout-me&c=Couples", "a category off the blog's list"],
    ["p=%2Fcontact&a=email", "an unknown tap"],
    ["p=%2Fcontact&a=call&r=", "a tap with a referrer"],
    ["p=%2Fcontact&a=call&f=yes", "a first-tap flag other than 1"],
    ["p=%2Fcontact&f=1", "a first-tap flag without a tap"],
    ["p=%2F&r=https%3A%2F%2Fwww.google.com%2Fsearch%3Fq%3Dtherapist", "a referrer that is not a host name"],
    ["p=%2F&r=jane%40example.com", "a referrer that is not a host name"],
  ])("%s is refused: %s", (body, problem) => {
    expect(() => parseBeacon(body)).toThrow(problem);
  });
});
