/**
 * `pnpm --filter @practice/web sample-art`: draws the sample illustrations in content/images and
 * the intro-video poster, locally, so the site ships no stock photography. Run once; the owner
 * replaces the files with their own. Each picture matches its description in content/README.md.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import icoEndec from "ico-endec";
import sharp from "sharp";

const contentDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../content");

const C = {
  cream: "#f7f3ec",
  sand: "#e8d8c3",
  sage: "#8fa89a",
  deep: "#2f4f46",
  dusk: "#3d5a80",
  night: "#1f2f47",
  pale: "#cfe0ec",
  peach: "#f4c7a1",
  gold: "#d4a24c",
  grey: "#9aa5ad",
};

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
const sky = (id: string, top: string, bottom: string) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;
/** A smooth ridge line across the width: the building block of most landscapes here. */
function ridge(w: number, h: number, base: number, amp: number, waves: number, phase: number, fill: string, opacity = 1) {
  const points: string[] = [];
  for (let x = 0; x <= w; x += w / 60) {
    const y = base + Math.sin((x / w) * Math.PI * waves + phase) * amp + Math.sin((x / w) * Math.PI * waves * 2.3 + phase * 2) * amp * 0.35;
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `<polygon points="0,${h} ${points.join(" ")} ${w},${h}" fill="${fill}" opacity="${opacity}"/>`;
}
const waterLines = (w: number, y0: number, y1: number, color: string) =>
  Array.from({ length: 9 }, (_, i) => {
    const y = y0 + ((y1 - y0) * (i + 1)) / 10;
    const x = (i * 173) % (w * 0.6);
    return `<rect x="${x}" y="${y}" width="${w * 0.25 + (i % 3) * 80}" height="3" rx="1.5" fill="${color}" opacity="0.35"/>`;
  }).join("");

const W = 1600;
const H = 900;

const art: Record<string, () => string> = {
  "jordan-ellis-portrait": () =>
    svg(800, 1000, `<rect width="800" height="1000" fill="${C.sage}"/>
      <circle cx="400" cy="1180" r="520" fill="${C.deep}"/>
      <rect x="345" y="560" width="110" height="120" rx="40" fill="#c99a7b"/>
      <ellipse cx="400" cy="430" rx="165" ry="195" fill="#d8ab8b"/>
      <path d="M235 420 Q240 215 400 210 Q565 215 566 420 Q540 300 400 300 Q270 300 235 420Z" fill="#2b2420"/>
      <ellipse cx="340" cy="440" rx="14" ry="9" fill="#2b2420"/><ellipse cx="460" cy="440" rx="14" ry="9" fill="#2b2420"/>
      <path d="M345 530 Q400 570 455 530" stroke="#8a4f3f" stroke-width="9" fill="none" stroke-linecap="round"/>
      <path d="M150 1000 Q190 700 400 690 Q610 700 650 1000Z" fill="${C.cream}"/>
      <path d="M330 690 L400 790 L470 690" fill="none" stroke="${C.sand}" stroke-width="14"/>`),
  "home-hero-sound": () =>
    svg(W, H, `${sky("s", "#f2c9a5", C.pale)}<rect width="${W}" height="${H}" fill="url(#s)"/>
      <circle cx="1180" cy="330" r="70" fill="#fbe3c8"/>
      ${ridge(W, H, 420, 40, 2.2, 0.4, "#7d93ae", 0.7)}${ridge(W, H, 480, 35, 3.1, 1.2, C.dusk, 0.85)}${ridge(W, H, 540, 22, 4, 2.1, C.night)}
      <rect y="575" width="${W}" height="${H - 575}" fill="#5b7796"/>${waterLines(W, 580, 880, "#dbe7f1")}`),
  "couples-two-circles": () =>
    svg(W, H, `<rect width="${W}" height="${H}" fill="${C.cream}"/>
      <circle cx="670" cy="450" r="260" fill="${C.sage}" opacity="0.9"/>
      <circle cx="930" cy="450" r="260" fill="${C.sand}" opacity="0.85" style="mix-blend-mode:multiply"/>
      <circle cx="930" cy="450" r="260" fill="none" stroke="${C.deep}" stroke-width="3" opacity="0.25"/>`),
  "individual-path": () =>
    svg(W, H, `${sky("s", "#fdf3e2", "#e7efe2")}<rect width="${W}" height="${H}" fill="url(#s)"/>
      <circle cx="1050" cy="250" r="90" fill="#fbe6b5"/>
      ${ridge(W, H, 430, 45, 2, 0.6, "#b9cdb4")}${ridge(W, H, 540, 40, 2.6, 2.4, C.sage)}${ridge(W, H, 660, 30, 1.6, 4, "#6f8f7c")}
      <path d="M820 900 C 760 800, 980 760, 880 680 S 760 590, 860 520 S 1000 470, 960 440" stroke="${C.sand}" stroke-width="46" fill="none" stroke-linecap="round"/>`),
  "marathon-sunrise": () =>
    svg(W, H, `<rect width="${W}" height="${H}" fill="#fbe1c6"/>
      ${[0, 1, 2, 3, 4].map((i) => `<rect y="${i * 70}" width="${W}" height="70" fill="${["#fbd7b5", "#f8cba4", "#f4bd93", "#f0b088", "#e9a37d"][i]}"/>`).join("")}
      <circle cx="800" cy="470" r="150" fill="#fff1dc"/>
      ${ridge(W, H, 480, 60, 3, 0.2, "#6c7fa0")}${ridge(W, H, 580, 50, 2.4, 1.7, C.dusk)}${ridge(W, H, 690, 35, 3.6, 3, C.night)}`),
  "seattle-skyline": () =>
    svg(W, H, `${sky("s", "#f4c7a1", "#d6a0a0")}<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${[[200, 430, 120], [330, 360, 90], [430, 470, 110], [560, 300, 100], [880, 380, 120], [1010, 280, 90], [1110, 420, 130], [1250, 340, 100], [1360, 460, 140]]
        .map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${H}" fill="${C.dusk}"/>`).join("")}
      <rect x="706" y="250" width="16" height="500" fill="${C.night}"/>
      <ellipse cx="714" cy="250" rx="80" ry="18" fill="${C.night}"/><rect x="680" y="228" width="68" height="14" fill="${C.night}"/>
      <path d="M690 750 L714 270 L738 750Z" fill="${C.night}"/>
      <rect y="700" width="${W}" height="200" fill="${C.night}"/>${waterLines(W, 720, 890, "#f4c7a1")}`),
  "bellevue-lake": () =>
    svg(W, H, `${sky("s", "#8aa6c4", "#d9e4ee")}<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${[[500, 250, 110], [640, 180, 100], [770, 300, 120], [920, 220, 90], [1040, 330, 110]]
        .map(([x, y = 0, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${560 - y}" fill="#4d6a8c"/>`).join("")}
      ${ridge(W, H, 540, 18, 2, 1, "#3f5b78")}
      <rect y="560" width="${W}" height="340" fill="#6d8aa8"/>${waterLines(W, 570, 880, "#e4edf5")}`),
  "tacoma-mountain": () =>
    svg(W, H, `${sky("s", "#c9dcec", "#eef3f7")}<rect width="${W}" height="${H}" fill="url(#s)"/>
      <path d="M380 600 L800 170 L1220 600Z" fill="#8da4bb"/>
      <path d="M690 285 L800 170 L910 285 L860 270 L820 300 L780 265 L740 300Z" fill="#ffffff"/>
      ${ridge(W, H, 600, 20, 3, 0.5, "#5f7890")}
      <rect y="640" width="${W}" height="260" fill="#7d97b0"/>${waterLines(W, 650, 890, "#ffffff")}
      ${[120, 220, 300, 1280, 1360, 1460].map((x, i) => `<rect x="${x}" y="${560 + (i % 3) * 15}" width="60" height="${80 - (i % 3) * 15}" fill="#4f667d"/>`).join("")}`),
  "renton-shoreline": () =>
    svg(W, H, `${sky("s", "#e8f0e4", "#f7f3ec")}<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${ridge(W, H, 440, 40, 2.4, 0.3, "#9db89e")}${ridge(W, H, 500, 28, 3.2, 1.8, "#6f8f7c")}
      <rect y="540" width="${W}" height="360" fill="#a9c3cf"/>${waterLines(W, 550, 880, "#ffffff")}
      <rect x="980" y="600" width="420" height="22" fill="#8a6b4f"/>${[1000, 1120, 1240, 1360].map((x) => `<rect x="${x}" y="600" width="14" height="90" fill="#6d533c"/>`).join("")}`),
  "blog-kites": () =>
    svg(W, H, `${sky("s", "#bcd6ea", "#eef5fa")}<rect width="${W}" height="${H}" fill="url(#s)"/>
      <path d="M620 180 L720 300 L620 440 L520 300Z" fill="${C.peach}"/><path d="M960 220 L1060 340 L960 480 L860 340Z" fill="${C.sage}"/>
      <path d="M620 440 Q 700 650 900 880" stroke="#5c6b78" stroke-width="3" fill="none"/><path d="M960 480 Q 860 680 700 880" stroke="#5c6b78" stroke-width="3" fill="none"/>`),
  "blog-stepping-stones": () =>
    svg(W, H, `<rect width="${W}" height="${H}" fill="#c4d3dc"/>${waterLines(W, 40, 880, "#eef3f6")}
      ${[[300, 760, 150], [560, 640, 130], [780, 540, 115], [980, 450, 100], [1150, 370, 85]].map(([x, y, r = 0]) => `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.45}" fill="#8e979d"/>`).join("")}
      <rect y="0" width="${W}" height="180" fill="#7f9b84"/>`),
  "blog-family-tree": () =>
    svg(W, H, `<rect width="${W}" height="${H}" fill="${C.cream}"/>
      <path d="M790 900 L790 520 M790 620 L600 430 M790 580 L990 400 M790 520 L790 300 M600 430 L520 300 M990 400 L1100 290" stroke="#7a5c43" stroke-width="22" fill="none" stroke-linecap="round"/>
      ${[[520, 280, 70, C.sage], [790, 270, 90, C.gold], [1100, 270, 65, C.peach], [640, 380, 45, C.dusk], [960, 360, 50, "#b58fa3"]].map(([x, y, r, c]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`).join("")}`),
  "blog-two-chairs": () =>
    svg(W, H, `<rect width="${W}" height="${H}" fill="#efe6da"/>
      <rect x="640" y="80" width="320" height="560" fill="#fdf6e9" stroke="#d9c9b3" stroke-width="12"/><path d="M640 80 L960 640" stroke="#f6e4c6" stroke-width="60" opacity="0.6"/>
      <rect y="720" width="${W}" height="180" fill="#d9c6ad"/>
      <rect x="330" y="470" width="220" height="200" rx="30" fill="${C.sage}"/><rect x="300" y="560" width="280" height="120" rx="30" fill="#7e9888"/><rect x="320" y="680" width="20" height="50" fill="#5a4634"/><rect x="540" y="680" width="20" height="50" fill="#5a4634"/>
      <rect x="1050" y="470" width="220" height="200" rx="30" fill="${C.peach}"/><rect x="1020" y="560" width="280" height="120" rx="30" fill="#e3b48f"/><rect x="1040" y="680" width="20" height="50" fill="#5a4634"/><rect x="1260" y="680" width="20" height="50" fill="#5a4634"/>`),
  "blog-tide": () =>
    svg(W, H, `<rect width="${W}" height="${H}" fill="#eadfce"/>
      ${Array.from({ length: 8 }, (_, i) => ridge(W, H, 120 + i * 100, 26, 2 + (i % 3) * 0.5, i, i % 2 ? "#d8cab5" : "#c8c3bb", 0.7)).join("")}`),
  "blog-lanterns": () =>
    svg(W, H, `${sky("s", C.night, "#2d4466")}<rect width="${W}" height="${H}" fill="url(#s)"/>
      <path d="M0 160 Q 800 300 1600 140" stroke="#0f1a2a" stroke-width="4" fill="none"/>
      ${[250, 520, 800, 1080, 1350].map((x, i) => `<circle cx="${x}" cy="${250 + (i % 2) * 40}" r="120" fill="#f3b65c" opacity="0.18"/><ellipse cx="${x}" cy="${250 + (i % 2) * 40}" rx="60" ry="75" fill="${i % 2 ? "#f6c46f" : "#f19a5a"}"/>`).join("")}`),
  "blog-compass": () =>
    svg(W, H, `<rect width="${W}" height="${H}" fill="${C.deep}"/>
      <circle cx="800" cy="450" r="300" fill="none" stroke="${C.gold}" stroke-width="10"/>
      <path d="M800 140 L850 450 L800 760 L750 450Z" fill="${C.gold}"/><path d="M490 450 L800 400 L1110 450 L800 500Z" fill="#b98b3e"/>
      <circle cx="800" cy="450" r="22" fill="${C.deep}"/>`),
  "blog-bridge": () =>
    svg(W, H, `${sky("s", "#dbe6ee", "#f3ede4")}<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${ridge(W, H, 420, 18, 2, 2, "#8ea3b3")}<rect y="440" width="${W}" height="460" fill="#9fb6c6"/>${waterLines(W, 450, 880, "#ffffff")}
      <path d="M0 560 Q 800 500 1600 470" stroke="#5b6670" stroke-width="16" fill="none"/>
      ${Array.from({ length: 12 }, (_, i) => `<rect x="${60 + i * 130}" y="${555 - i * 7}" width="10" height="60" fill="#5b6670"/>`).join("")}`),
  "blog-rain-window": () =>
    svg(W, H, `<rect width="${W}" height="${H}" fill="#9fb9a4"/>
      ${[[200, 300, 260], [600, 350, 300], [1050, 280, 280], [1400, 380, 240]].map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#6f9276" opacity="0.6"/>`).join("")}
      <rect width="${W}" height="${H}" fill="#dfe8e3" opacity="0.35"/>
      ${Array.from({ length: 70 }, (_, i) => `<ellipse cx="${(i * 233) % W}" cy="${(i * 137) % H}" rx="${6 + (i % 4) * 3}" ry="${9 + (i % 4) * 4}" fill="#ffffff" opacity="0.55"/>`).join("")}
      <rect x="790" y="0" width="20" height="${H}" fill="#e9e4da"/><rect y="440" width="${W}" height="20" fill="#e9e4da"/>`),
};

await mkdir(path.join(contentDir, "images"), { recursive: true });
await mkdir(path.join(contentDir, "media"), { recursive: true });
for (const [name, draw] of Object.entries(art)) {
  await sharp(Buffer.from(draw())).jpeg({ quality: 86, mozjpeg: true }).toFile(path.join(contentDir, "images", `${name}.jpg`));
}
// The intro video's poster: 306x545, a phone-shaped portrait frame.
const poster = svg(306, 545, `${sky("s", "#f2c9a5", C.pale)}<rect width="306" height="545" fill="url(#s)"/>
  ${ridge(306, 545, 330, 14, 2, 0.5, C.dusk, 0.9)}${ridge(306, 545, 370, 10, 3, 1.5, C.night)}
  <circle cx="153" cy="200" r="42" fill="#ffffff" opacity="0.85"/><path d="M140 178 L176 200 L140 222Z" fill="${C.deep}"/>`);
await sharp(Buffer.from(poster)).jpeg({ quality: 84, mozjpeg: true }).toFile(path.join(contentDir, "media", "intro-poster.jpg"));
// The site's icons, from the same two-circle mark as app/icon.svg.
const webDir = path.resolve(contentDir, "../packages/web");
const mark = await import("node:fs/promises").then((fs) => fs.readFile(path.join(webDir, "app/icon.svg")));
await mkdir(path.join(webDir, "public/icons"), { recursive: true });
for (const size of [192, 512]) {
  await sharp(mark, { density: 72 * (size / 64) }).resize(size, size).png().toFile(path.join(webDir, `public/icons/icon-${size}.png`));
}
await sharp(mark, { density: 72 * 3 }).resize(180, 180).flatten({ background: "#ffffff" }).png().toFile(path.join(webDir, "app/apple-icon.png"));
// /favicon.ico, which browsers and crawlers ask for whatever the page links: 16, 32 and 48 px.
const favicon = icoEndec.encode(await Promise.all([16, 32, 48].map((size) => sharp(mark, { density: 72 * (size / 64) * 4 }).resize(size, size).png().toBuffer())));
await import("node:fs/promises").then((fs) => fs.writeFile(path.join(webDir, "app/favicon.ico"), favicon));
console.log(`drew ${Object.keys(art).length} images, the video poster and the icons`);
