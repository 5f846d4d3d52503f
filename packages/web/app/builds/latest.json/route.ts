import build from "@/.generated/build.json";

/** The deployed build's id, for open tabs to compare with their own. Never cached anywhere. */
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(
    { id: build.id, timestamp: build.timestamp },
    { headers: { "Cache-Control": "no-store, max-age=0", "CDN-Cache-Control": "no-store" } },
  );
}
