/**
 * The box every product photo is shown in: 4:3, the shape of QC photos (sellers shoot landscape;
 * the sample photos are 640×480, with a caption and a "QC n/m" badge in their top corners). A
 * photo of another shape is shown whole inside it (`object-fit: contain`), never cropped.
 */
export const PHOTO_BOX = { width: 4, height: 3 } as const;

// The site's only stylesheet: phone first, system fonts, no external assets. Colours keep at
// least 4.5:1 contrast against their backgrounds (WCAG AA for body text).
// A slow phone paints while it parses, possibly half a header or a button without its label
// yet, and whatever a later part moves counts as a layout shift: the header's row has its full
// height from the start (the language switch's 44px and the padding), the switch a width of its
// own, and a submit button is an <input> whose label comes in the same tag (its `value`).
export const SITE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1b1b1f;background:#fafafa}
a{color:#0a4fc2}
a:hover{color:#06357f}
:focus-visible{outline:3px solid #c2410c;outline-offset:2px}
img{max-width:100%;height:auto;display:block}
.wrap{max-width:72rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:10}
.skip:focus{left:.5rem}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.site-header{background:#15233b;color:#fff}
.site-header .wrap{position:relative;display:flex;align-items:center;gap:.75rem;padding-top:.25rem;padding-bottom:.25rem;min-height:calc(44px + .5rem)}
.brand{color:#fff;font-weight:700;font-size:1.05rem;text-decoration:none;white-space:nowrap}
.site-header a{color:#fff}
.site-header ul{display:flex;gap:0 .9rem;list-style:none;margin:0;padding:0}
.site-header .wrap>nav{flex:1 1 auto;min-width:0;overflow-x:auto;scrollbar-width:none;-webkit-mask-image:linear-gradient(to right,#000 80%,transparent);mask-image:linear-gradient(to right,#000 80%,transparent)}
.site-header .wrap>nav a{display:block;white-space:nowrap;padding:.6rem 0}
.site-header a[aria-current]{text-decoration-thickness:3px}
.lang-switch{flex:none;width:3.75rem}
.lang-switch summary{cursor:pointer;list-style:none;padding:.45rem .6rem;border:1px solid #8d98ad;border-radius:.4rem;font-size:.9rem;font-weight:600;min-height:44px;width:100%;position:relative;display:flex;align-items:center}
.lang-switch summary::-webkit-details-marker{display:none}
.lang-switch summary::after{content:"▾";position:absolute;right:.6rem}
.lang-switch nav{position:absolute;right:0;top:100%;z-index:5;background:#15233b;border-radius:0 0 .5rem .5rem;padding:.25rem 1rem .5rem}
.lang-switch ul{flex-direction:column}
.lang-switch a{display:block;padding:.5rem 0;min-width:8rem}
.lang-switch a[aria-current]{font-weight:700;text-decoration:none}
.switch{font-size:.85rem}
.switch ul{display:flex;flex-wrap:wrap;gap:.25rem .75rem;list-style:none;margin:0;padding:0}
.switch a[aria-current]{font-weight:700;text-decoration:none}
h1,h2,h3,th,dt,label,.button{overflow-wrap:break-word;hyphens:auto}
main{padding-top:.5rem;padding-bottom:2rem}
h1{font-size:1.35rem;line-height:1.25;margin:.25rem 0 .5rem}
h2{font-size:1.2rem;line-height:1.3;margin:1.25rem 0 .5rem}
h3{font-size:1rem;margin:.5rem 0 .25rem}
.lead{font-size:1.05rem;color:#33363d;max-width:48rem}
.crumbs ol{display:flex;flex-wrap:wrap;list-style:none;padding:0;margin:0;font-size:.85rem;color:#4a4d55}
.crumbs li+li::before{content:"›";padding:0 .4rem}
.chips{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:.5rem 0}
.chips li{background:#fff;border:1px solid #c9ccd3;border-radius:999px;padding:.3rem .8rem}
.chips a{text-decoration:none;font-weight:600}
.chips a[aria-current]{color:#1b1b1f}
.note{color:#4a4d55;font-size:.9rem}
.cards{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.5rem;list-style:none;padding:0;margin:.5rem 0}
.card{background:#fff;border:1px solid #dcdfe5;border-radius:.6rem;padding:.4rem;display:flex;flex-direction:column}
.card img{width:100%;aspect-ratio:${PHOTO_BOX.width}/${PHOTO_BOX.height};object-fit:contain;border-radius:.4rem;background:#eceef2}
.no-photo{display:flex;align-items:center;justify-content:center;aspect-ratio:${PHOTO_BOX.width}/${PHOTO_BOX.height};border-radius:.4rem;background:#eceef2;color:#4a4f5c;text-decoration:none;font-size:.8rem;text-align:center;padding:.5rem;overflow:hidden}
.no-photo span{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
.card h3{font-size:.9rem;line-height:1.3;margin:.35rem 0 .15rem;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.card h3 a{text-decoration:none;color:#1b1b1f}
.card h3 a:hover{text-decoration:underline}
.meta{margin:0;color:#4a4d55;font-size:.8rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.price{margin:.2rem 0 0}
.price span{color:#4a4d55;font-size:.85rem}
.facts{display:grid;gap:.4rem;margin:1rem 0}
.facts div{display:grid;grid-template-columns:8rem 1fr;gap:.5rem}
.facts dt{font-weight:600;color:#33363d}
.facts dd{margin:0}
.buttons{display:flex;flex-wrap:wrap;gap:.6rem;list-style:none;padding:0;margin:.75rem 0}
.button,button,[type=submit]{display:inline-block;width:auto;background:#0a4fc2;color:#fff;border:0;border-radius:.5rem;padding:.65rem 1.1rem;font:inherit;font-weight:600;text-decoration:none;cursor:pointer;min-height:44px}
.button:hover,button:hover,[type=submit]:hover{background:#06357f;color:#fff}
.disclosure{background:#fff8e6;border:1px solid #e5c46b;border-radius:.5rem;padding:.2rem .9rem;margin:1rem 0;font-size:.92rem}
.notice{background:#eef3fb;border-left:4px solid #0a4fc2;padding:.6rem .9rem}
.strip{display:flex;gap:.5rem;overflow-x:auto;scroll-snap-type:x mandatory;overscroll-behavior-x:contain;list-style:none;padding:0;margin:.5rem 0}
.strip li{flex:0 0 88%;scroll-snap-align:start}
.strip li:only-child{flex-basis:100%}
.strip img{border-radius:.4rem;background:#eceef2;width:100%;aspect-ratio:${PHOTO_BOX.width}/${PHOTO_BOX.height};object-fit:contain}
.lead-photo{margin:.5rem 0;font-size:1rem}
.product-price{margin:.5rem 0;color:#33363d}
.product-price strong{font-size:1.4rem;color:#1b1b1f}
.filters{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.6rem;background:#fff;border:1px solid #dcdfe5;border-radius:.6rem;padding:.75rem;margin:.75rem 0}
.search{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem;margin:.5rem 0}
.search-row{flex-basis:100%;display:flex;align-items:flex-end;gap:.5rem}
.search-row .field{flex:1 1 auto;min-width:0}
.search-row label{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.refine[open]{flex-basis:100%}
.refine summary{display:inline-flex;align-items:center;min-height:40px;padding:.2rem .8rem;border:1px solid #c9ccd3;border-radius:999px;background:#fff;font-weight:600;cursor:pointer}
.refine .filters{margin:.5rem 0}
.active-filters,.active-filters .chips{display:contents}
.active-filters>span{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.active-filters li{padding:.45rem .7rem;font-size:.85rem}
.active-filters a{text-decoration:none;font-weight:600}
.count{margin:.25rem 0;font-size:.9rem;color:#4a4d55;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.one-line{white-space:nowrap;overflow-x:auto;margin:.4rem 0}
.field{position:relative;display:flex;flex-direction:column;gap:.2rem;flex:1 1 8rem}
.suggest{position:absolute;left:0;right:0;top:100%;z-index:6;margin-top:.2rem;background:#fff;border:1px solid #767a85;border-radius:.4rem;box-shadow:0 6px 18px #0003;max-height:60vh;overflow:auto}
.suggest [role=option]{display:block;padding:.6rem .75rem;color:#1b1b1f;text-decoration:none;border-bottom:1px solid #eceef2}
.suggest [role=option]:not([data-kind=product]){font-weight:600}
.suggest [aria-selected=true],.suggest [role=option]:hover{background:#0a4fc2;color:#fff}
.field-search{flex:3 1 14rem}
.field label{font-size:.85rem;font-weight:600;color:#33363d}
input,select{font:inherit;padding:.5rem .6rem;border:1px solid #767a85;border-radius:.4rem;background:#fff;color:#1b1b1f;min-height:44px;width:100%}
.pager{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem;margin:1.25rem 0}
.pager p{margin:0;flex-basis:100%}
.pager a{font-weight:600}
.table-scroll{overflow:auto;border:1px solid #dcdfe5;border-radius:.5rem;background:#fff;margin:.75rem 0}
.table-scroll.wide{max-height:75vh}
table{border-collapse:collapse;width:100%;font-size:.9rem}
caption{text-align:left;padding:.5rem .75rem;font-weight:600}
th,td{padding:.45rem .6rem;border-bottom:1px solid #e6e8ec;text-align:left;vertical-align:top}
thead th{position:sticky;top:0;background:#eef0f4;z-index:1;white-space:nowrap}
.wide td{white-space:nowrap}
.wide td:nth-child(2){white-space:normal;min-width:14rem}
.num{text-align:right;font-variant-numeric:tabular-nums}
.prose{max-width:48rem}
.prose table{width:100%;border-collapse:collapse}
.prose th,.prose td{overflow-wrap:anywhere;vertical-align:top;padding:.2rem .3rem}
.prose pre{background:#f0f2f5;padding:.75rem;border-radius:.4rem;white-space:pre-wrap;overflow-wrap:anywhere}
.prose code{font-size:.9em;overflow-wrap:anywhere}
.site-footer{background:#eceef2;color:#33363d;font-size:.9rem;padding:1rem 0 2rem}
.site-footer ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0}
/* On a phone the results' heading repeats the page's: read out, not shown. */
@media (max-width:39.99rem){#results{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap;margin:0}}
@media (min-width:40rem){.site-header .wrap>nav{-webkit-mask-image:none;mask-image:none}.cards{grid-template-columns:repeat(3,minmax(0,1fr))}.strip li{flex-basis:calc((100% - .5rem) / 2.2)}.lead-photo{max-width:28rem}h1{font-size:2rem}h2{margin-top:2rem}}
@media (min-width:64rem){.cards{grid-template-columns:repeat(4,minmax(0,1fr))}.strip li{flex-basis:calc((100% - 1rem) / 3.3)}}
`.trim();

/** The site icon: a price tag, drawn inline so it needs no file. */
export const SITE_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#15233b"/>' +
  '<path d="M14 32 32 14h18v18L32 50z" fill="#f5b400"/><circle cx="42" cy="22" r="4" fill="#15233b"/></svg>';
