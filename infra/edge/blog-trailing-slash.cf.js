// CloudFront viewer-request rule (cloudfront-js-2.0: no require, no network). SST places this file's
// text, followed by the two lines in blog-trailing-slash.ts, at the top of `async function handler(event)`.
// A /blog/ path ending in "/" whose path without trailing slashes is one of `blogPages` (the blog
// and its posts) gets a 301 to that path, query kept. Any other /blog/.../ path goes on to the
// site, whose proxy answers it with ONE redirect: to a legacy row's target if the table has one,
// else to the path without the slash. (Redirecting every /blog/.../ here would make a legacy
// /blog/old-post/ two hops.) Every other request continues to the site.
function blogTrailingSlashRedirect(request, blogPages) {
  var uri = request.uri;
  if (uri.indexOf("/blog/") !== 0 || uri.charAt(uri.length - 1) !== "/") return undefined;
  var target = uri.replace(/\/+$/, "");
  if (blogPages.indexOf(target) === -1) return undefined;
  var pairs = [];
  var query = request.querystring || {};
  for (var key in query) {
    var entry = query[key];
    var values = entry.multiValue && entry.multiValue.length > 0 ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) {
      pairs.push(values[i].value === "" ? key : key + "=" + values[i].value);
    }
  }
  return {
    statusCode: 301,
    statusDescription: "Moved Permanently",
    headers: {
      location: { value: target + (pairs.length > 0 ? "?" + pairs.join("&") : "") },
      "cache-control": { value: "public, max-age=300" },
    },
  };
}
