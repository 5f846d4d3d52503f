async function blogTrailingSlashRedirect(request, namespace) {
  var uri = request.uri;
  if (uri.indexOf("/blog/") !== 0 || uri.charAt(uri.length - 1) !== "/") return undefined;
  var target = uri.replace(/\/+$/, "");
  if (!(await cf.kvs().exists(namespace + ":" + target))) return undefined;
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
