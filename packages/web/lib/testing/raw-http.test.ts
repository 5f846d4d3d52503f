import { describe, expect, it } from "vitest";
import { parseRawAnswer } from "./raw-http";

describe("parseRawAnswer", () => {
  it("reads the status and headers, names lower-cased and repeats joined", () => {
    const data = "HTTP/1.1 308 Permanent Redirect\r\nLocation: /contact\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>moved</p>";
    expect(parseRawAnswer(data)).toEqual({
      status: 308,
      headers: { location: "/contact", "set-cookie": "a=1, b=2", "content-type": "text/html; charset=utf-8" },
      location: "/contact",
      body: "<p>moved</p>",
      html: true,
      closedByServer: true,
    });
  });

  it("is status 0 when nothing came back, and says when the client gave up first", () => {
    expect(parseRawAnswer("")).toMatchObject({ status: 0, headers: {}, location: undefined, body: "", html: false });
    expect(parseRawAnswer("HTTP/1.1 200 OK\r\n", false)).toMatchObject({ status: 200, body: "", closedByServer: false });
  });

  it("does not take a JSON answer for HTML", () => {
    expect(parseRawAnswer("HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\n\r\n{}")).toMatchObject({ status: 404, html: false });
  });
});
