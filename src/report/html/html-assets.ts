/**
 * The HTML report's inline style and script: no file, font or library is
 * fetched, so the report opens offline as a CI artifact (its Content
 * Security Policy forbids any request). The script only filters what the
 * page already holds and copies curl lines.
 */

/** The report's CSS: system fonts, readable at 1280 px, light and dark. */
export const REPORT_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;--red:#cf222e;--green:#1a7f37;--amber:#9a6700;--blue:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--card:#151b23;--red:#f85149;--green:#3fb950;--amber:#d29922;--blue:#4493f8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header,main{max-width:1240px;margin:0 auto;padding:16px 20px}
header{border-bottom:1px solid var(--line)}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}
.muted{color:var(--muted)}
code,pre,.mono{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:8px;overflow:auto;max-height:320px;white-space:pre-wrap;word-break:break-word;margin:4px 0}
.tiles{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0 4px}
.tile{border:1px solid var(--line);border-radius:6px;padding:6px 12px;min-width:110px;background:var(--card)}
.tile b{display:block;font-size:20px}
.tile.bad b{color:var(--red)}.tile.good b{color:var(--green)}.tile.gap b{color:var(--amber)}
.filters{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--line);padding:8px 0;display:flex;gap:12px;align-items:center;flex-wrap:wrap;z-index:1}
select{font:inherit;padding:2px 4px;max-width:320px}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top}
th{font-weight:600;background:var(--card)}
.chip{display:inline-block;border:1px solid var(--line);border-radius:10px;padding:0 7px;margin:1px 3px 1px 0;font-size:12px;white-space:nowrap}
.chip small{color:var(--muted);margin-left:4px}
.chip.seen{border-color:var(--green);color:var(--green)}
.chip.unseen{color:var(--muted);border-style:dashed}
.chip.undocumented{border-color:var(--amber);color:var(--amber);font-weight:600}
.never{color:var(--red);font-weight:600}
.card{border:1px solid var(--line);border-left:4px solid var(--red);border-radius:6px;padding:8px 12px;margin:8px 0}
.card.spec-gap{border-left-color:var(--amber)}.card.warning{border-left-color:var(--blue)}
.card h3{font-size:14px;margin:0 0 4px}
.finding{margin:2px 0}.finding .check{font-weight:600}
.class{font-size:11px;text-transform:uppercase;letter-spacing:.03em;border-radius:4px;padding:0 4px;border:1px solid currentColor}
.class.failure{color:var(--red)}.class.spec-gap{color:var(--amber)}.class.warning{color:var(--blue)}
details{margin:4px 0}summary{cursor:pointer}
.curl{display:flex;gap:6px;align-items:flex-start}.curl pre{flex:1;margin:0}
button{font:inherit;font-size:12px;padding:2px 8px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.hidden{display:none!important}
#empty{padding:8px 0}
`;

/** The report's script: the three filters and the copy buttons. */
export const REPORT_JS = `
(function(){
  var pick=function(id){return document.getElementById(id)};
  var operation=pick('filter-operation'),check=pick('filter-check'),verdict=pick('filter-class');
  function apply(){
    var op=operation.value,ch=check.value,cl=verdict.value,shown=0;
    document.querySelectorAll('[data-op]').forEach(function(el){
      var checks=el.getAttribute('data-checks'),classes=el.getAttribute('data-classes');
      var ok=(op===''||el.getAttribute('data-op')===op)
        &&(ch===''||checks===null||(' '+checks+' ').indexOf(' '+ch+' ')>=0)
        &&(cl===''||classes===null||(' '+classes+' ').indexOf(' '+cl+' ')>=0);
      el.classList.toggle('hidden',!ok);
      if(ok&&el.classList.contains('card'))shown++;
    });
    pick('empty').classList.toggle('hidden',shown>0);
  }
  [operation,check,verdict].forEach(function(el){el.addEventListener('change',apply)});
  document.querySelectorAll('button[data-copy]').forEach(function(button){
    button.addEventListener('click',function(){
      var text=pick(button.getAttribute('data-copy')).textContent;
      var done=function(){button.textContent='copied';setTimeout(function(){button.textContent='copy'},1500)};
      var fallback=function(){
        var area=document.createElement('textarea');area.value=text;document.body.appendChild(area);area.select();
        try{document.execCommand('copy');done()}catch(e){button.textContent='select and copy'}
        area.remove();
      };
      if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(text).then(done,fallback);
      else fallback();
    });
  });
  apply();
})();
`;
