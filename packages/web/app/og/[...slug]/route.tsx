import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import { site } from "@/lib/content";
import { routes } from "@/lib/routes";
import { OG_SIZE, ogImagePath, pathOfOgImage } from "@/lib/seo/og";
import { truncateTitle } from "@/lib/seo/title";

/** Every page's 1200x630 sharing image, drawn once at build time from its title and the practice name. */
export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return routes.map((entry) => ({ slug: ogImagePath(entry.path).split("/").slice(2) }));
}

const fonts = Promise.all([
  readFile(path.join(process.cwd(), "lib/seo/og-fonts/fraunces-latin-600-normal.woff")),
  readFile(path.join(process.cwd(), "lib/seo/og-fonts/source-sans-3-latin-400-normal.woff")),
]);

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string[] }> }) {
  const pagePath = pathOfOgImage((await params).slug);
  const entry = routes.find((candidate) => candidate.path === pagePath);
  if (!entry) return new Response("Not found", { status: 404 });
  const [serif, sans] = await fonts;
  const title = truncateTitle(entry.title);
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: "72px 80px", background: "#f8f5ef", fontFamily: "Source Sans 3", color: "#1f2a2e" }}>
        <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
          <div style={{ display: "flex", position: "relative", width: 76, height: 48 }}>
            <div style={{ position: "absolute", left: 0, width: 48, height: 48, borderRadius: 24, background: "#8fa89a" }} />
            <div style={{ position: "absolute", left: 28, width: 48, height: 48, borderRadius: 24, background: "#e2cfb6", opacity: 0.9 }} />
          </div>
          <div style={{ fontSize: 34, fontFamily: "Fraunces", color: "#1f3a33" }}>{site.siteName}</div>
        </div>
        <div style={{ display: "flex", fontFamily: "Fraunces", fontSize: title.length > 40 ? 66 : 78, lineHeight: 1.1, color: "#1f3a33", maxWidth: 1000 }}>{title}</div>
        <div style={{ display: "flex", justifyContent: "space-between", fontSize: 30, color: "#46555a" }}>
          <span>
            {site.therapist.name}, {site.therapist.credentials}
          </span>
          <span>
            {site.address.locality}, {site.address.region} · telehealth across Washington
          </span>
        </div>
      </div>
    ),
    {
      ...OG_SIZE,
      fonts: [
        { name: "Fraunces", data: serif, weight: 600, style: "normal" },
        { name: "Source Sans 3", data: sans, weight: 400, style: "normal" },
      ],
    },
  );
}
