/**
 * The first Intl.NumberFormat a page builds loads the locale's number data: 150–230 ms of a
 * 4×-throttled phone's main thread in Debian's Chromium (measured), and the generator's first
 * render needs one (the prompt's character counter), inside hydration. The page's HTML builds one
 * when the browser is idle, while it waits for the page's scripts, so the data is loaded when React
 * renders: a later formatter costs well under a millisecond. Plural rules and dates (≈ 30 ms the
 * first time) come along. It changes nothing else: formatters are still made by ./format.ts.
 */
export const INTL_WARM_UP_SCRIPT =
  "(function(){var warm=function(){try{var l=document.documentElement.lang||undefined;new Intl.NumberFormat(l).format(1);new Intl.PluralRules(l).select(1);new Intl.DateTimeFormat(l,{timeZone:'UTC'}).format(0)}catch(e){}};(window.requestIdleCallback||setTimeout)(warm)})()";
