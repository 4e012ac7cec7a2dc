"""The preview pages' style sheet."""

STYLE = """
[hidden] { display: none !important; }
body { font: 15px/1.4 system-ui, sans-serif; margin: 0; background: #f4f1ea; color: #222; }
header { padding: 12px 20px; background: #26323a; color: #fff; display: flex; gap: 16px;
         align-items: baseline; flex-wrap: wrap; }
header a { color: #cfe6f7; }
#status { padding: 10px 20px; font-weight: 600; }
#status.ok { background: #d9efe3; } #status.broken { background: #f8d7cf; }
#status.pending { background: #efe9d0; }
#status[data-pending] { background: #e6efd9; }
#status ul { font: 13px/1.5 ui-monospace, monospace; font-weight: 400; margin: 6px 0 0; }
#filter { display: flex; flex-wrap: wrap; gap: 8px 24px; padding: 10px 20px 0; }
#filter fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px; }
#filter legend { float: left; font-weight: 600; margin-right: 6px; padding: 3px 0; }
#filter label { padding: 2px 10px; border-radius: 12px; background: #fff; cursor: pointer;
                box-shadow: 0 1px 2px rgba(0,0,0,.15); }
#filter label:has(input:checked) { background: #26323a; color: #fff; }
#filter input { position: absolute; opacity: 0; width: 1px; height: 1px; }
#filter label:has(input:focus-visible) { outline: 2px solid #0072B2; }
section { padding: 8px 20px 20px; }
h2 { font-size: 17px; margin: 14px 0 8px; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 12px; }
figure { margin: 0; background: #fff; padding: 6px; border-radius: 6px; position: relative;
         box-shadow: 0 1px 3px rgba(0,0,0,.15); text-align: center; }
figure.piece { cursor: zoom-in; }
figure.piece:focus-visible { outline: 3px solid #0072B2; }
figure img.thumb { width: 100%; height: auto; display: block; }
figcaption { font-size: 12px; margin-top: 4px; color: #444; }
figcaption .number { font-weight: 700; color: #26323a; }
figcaption .number:empty { display: none; }
svg.marks { position: absolute; left: 6px; top: 6px; width: calc(100% - 12px); height: auto;
            pointer-events: none; }
svg.marks rect, .crop .box { fill: none; stroke: #E4002B; stroke-width: 0.6; }
#preflight li { display: flex; gap: 12px; align-items: flex-start; margin: 8px 0;
                font: 13px/1.4 ui-monospace, monospace; }
.crop { position: relative; overflow: hidden; width: 160px; height: 160px; flex: none;
        background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.3); }
.crop img { position: absolute; max-width: none; }
.crop .box { position: absolute; border: 2px solid #E4002B; box-sizing: border-box; }
dialog#enlarged { border: 0; border-radius: 8px; padding: 0; max-width: calc(100vw - 24px);
                  max-height: calc(100vh - 24px); box-shadow: 0 8px 30px rgba(0,0,0,.4); }
dialog#enlarged::backdrop { background: rgba(20, 26, 30, .7); }
dialog#enlarged .bar { display: flex; gap: 14px; align-items: center; flex-wrap: wrap;
                       padding: 10px 14px; background: #26323a; color: #fff; }
dialog#enlarged .bar a { color: #cfe6f7; }
dialog#enlarged .caption { font-weight: 700; margin-right: auto; }
dialog#enlarged .note { font-size: 12px; color: #cfd8dc; }
dialog#enlarged .stage { position: relative; margin: 16px auto; }
dialog#enlarged .view { padding: 0 16px; overflow: auto; }
dialog#enlarged .stage object, dialog#enlarged .stage svg.guides { position: absolute;
                  left: 0; top: 0; width: 100%; height: 100%; display: block; }
svg.guides { pointer-events: none; overflow: visible; }
svg.guides .bleed { fill: rgba(228, 0, 43, .28); fill-rule: evenodd; }
svg.guides .trim { fill: none; stroke: #E4002B; stroke-width: .3; }
svg.guides .safe { fill: none; stroke: #00A3FF; stroke-width: .3; stroke-dasharray: 1.5 1; }
svg.guides.no-bleed .bleed, svg.guides.no-bleed .trim, svg.guides.no-safe .safe,
svg.guides.none .bleed, svg.guides.none .trim, svg.guides.none .safe { display: none; }
.proof { display: flex; flex-wrap: wrap; gap: 2mm; padding: 10mm; background: #fff; }
.proof object { width: 69.5mm; height: 69.5mm; }
.vision { display: grid; grid-template-columns: repeat(5, 1fr); gap: 12px; }
.vision .sheet { display: grid; grid-template-columns: repeat(2, 1fr); gap: 2px; }
.vision object { width: 100%; height: auto; display: block; }
"""
