/**
 * The reload guard: at most one automatic full reload per 10 seconds in a tab, remembered in
 * sessionStorage, so a bad deploy (or a chunk that never loads) cannot send the page into a reload
 * loop. It is written once, in the inline <head> script below, which has to be listening before any
 * chunk loads and to work even when the chunk that failed is the one React needed to start; the
 * app's own code (BuildWatcher) asks that same guard through a DOM event.
 */
const RELOAD_GUARD_MS = 10_000;
const RELOAD_GUARD_KEY = "site:last-automatic-reload";
/** The event the head script's guard answers: its `detail.granted` is set true when a reload may happen now. */
const CLAIM_RELOAD_EVENT = "site:claim-automatic-reload";

/**
 * True (and the time recorded) when an automatic reload may happen now. False when the guard says
 * no, cannot remember (storage blocked), or is not there to ask: never reload unguarded.
 */
export function claimAutomaticReload(page: EventTarget = window): boolean {
  const claim = new CustomEvent<{ granted: boolean }>(CLAIM_RELOAD_EVENT, { detail: { granted: false } });
  page.dispatchEvent(claim);
  return claim.detail.granted;
}

/**
 * The chunk-failure listener and the guard, as an inline <head> script. It never reloads offline
 * (the reload would fail too, and lose the page). scripts/finish-html.ts moves it ahead of Next's
 * chunk scripts in the prerendered pages.
 */
export const CHUNK_RELOAD_SCRIPT = `(function(){var K=${JSON.stringify(RELOAD_GUARD_KEY)},W=${RELOAD_GUARD_MS};function claim(){try{var s=sessionStorage,n=Date.now();if(n-Number(s.getItem(K)||0)<W)return false;s.setItem(K,String(n));return true}catch(e){return false}}addEventListener(${JSON.stringify(CLAIM_RELOAD_EVENT)},function(e){e.detail.granted=claim()});function reload(what){if(navigator.onLine===false){console.warn("[build] "+what+" failed to load while offline; not reloading");return}if(claim()){console.warn("[build] "+what+" failed to load; reloading");location.reload()}else{console.error("[build] "+what+" failed to load again; not reloading (reload guard)")}}addEventListener("error",function(e){var t=e.target;if(t&&t.tagName==="SCRIPT"&&t.src&&new URL(t.src,location.href).origin===location.origin&&new URL(t.src,location.href).pathname.indexOf("/_next/static/")===0)reload(t.src)},true);addEventListener("unhandledrejection",function(e){var r=e.reason;if(r&&(r.name==="ChunkLoadError"||/Loading (CSS )?chunk [\\w/.-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(r.message||"")))reload(r.message||r.name)})})();`;
