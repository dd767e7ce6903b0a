import type { LoaderFunctionArgs } from "~/lib/http/route-args";
import { listForSitemap } from "~/models/catalog.server";
import { TAG_PAGES } from "~/spec/tags";

const STATIC_PATHS = ["/", "/characters", "/faq", "/rules", "/tips-tricks", "/pricing", "/news-updates", "/terms-of-use", "/privacy-policy"];
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The category pages, the public characters (their chat pages) and the written pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const rows = await listForSitemap(context.db);
  const urls: string[] = [
    ...STATIC_PATHS.map((p) => `<url><loc>${escape(origin + p)}</loc></url>`),
    ...TAG_PAGES.map((t) => `<url><loc>${escape(`${origin}/characters/tags/${t.slug}`)}</loc></url>`),
    ...rows.map((c) => `<url><loc>${escape(`${origin}/characters/chat/${c.id}`)}</loc><lastmod>${c.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
