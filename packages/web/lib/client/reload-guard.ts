/**
 * At most one automatic full reload per 10 seconds in a tab, remembered in sessionStorage, so a
 * bad deploy (or a chunk that never loads) cannot send the page into a reload loop.
 */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = "site:last-automatic-reload";

type Store = Pick<Storage, "getItem" | "setItem">;

/** True (and the time recorded) when an automatic reload may happen now. */
export function claimAutomaticReload(storage: Store | undefined, now = Date.now()): boolean {
  if (!storage) return false; // no way to guard: never reload automatically
  try {
    const last = Number(storage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_GUARD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * The chunk-failure listener, as an inline <head> script: it must be listening before any chunk
 * loads, and must work even when the chunk that failed is the one React needed to start. It
 * applies the same guard as claimAutomaticReload (same key, same 10 seconds), and never reloads
 * offline (the reload would fail too, and lose the page). scripts/finish-html.ts moves it ahead
 * of Next's chunk scripts in the prerendered pages.
 */
export const CHUNK_RELOAD_SCRIPT = `(function(){var K=${JSON.stringify(RELOAD_GUARD_KEY)},W=${RELOAD_GUARD_MS};function claim(){try{var s=sessionStorage,n=Date.now();if(n-Number(s.getItem(K)||0)<W)return false;s.setItem(K,String(n));return true}catch(e){return false}}function reload(what){if(navigator.onLine===false){console.warn("[build] "+what+" failed to load while offline; not reloading");return}if(claim()){console.warn("[build] "+what+" failed to load; reloading");location.reload()}else{console.error("[build] "+what+" failed to load again; not reloading (reload guard)")}}addEventListener("error",function(e){var t=e.target;if(t&&t.tagName==="SCRIPT"&&t.src&&new URL(t.src,location.href).origin===location.origin&&new URL(t.src,location.href).pathname.indexOf("/_next/static/")===0)reload(t.src)},true);addEventListener("unhandledrejection",function(e){var r=e.reason;if(r&&(r.name==="ChunkLoadError"||/Loading (CSS )?chunk [\\w/.-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(r.message||"")))reload(r.message||r.name)})})();`;
