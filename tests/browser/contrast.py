"""How well a page's number lines read: each drawn part's colour against the colour under
it, by the WCAG contrast formula, measured in the browser from the computed styles.

The colour under a part is found as a person sees it: from the part up through its
ancestors, every background colour and gradient laid over the one below, down to the
first opaque one (the page's canvas, white, if none is). A gradient is worked out where the
part is (a radial one exactly; any other as its worst stop), at points across the part, and
the part is only as readable as its worst point.
"""

# Lines, ticks, hops and the marked points (a part of the drawing) need 3:1; numbers and
# words on the line 4.5:1.
PART = 3.0
LABEL = 4.5

MEASURE = r"""
(selector) => {
  const parse = (text) => {
    let m = text.match(/rgba?\(([^)]+)\)/);
    if (m) {
      const [r, g, b, a] = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
      return [r, g, b, a === undefined || Number.isNaN(a) ? 1 : a];
    }
    m = text.match(/color\(srgb ([^)]+)\)/);
    if (m) {
      const [r, g, b, a] = m[1].split(/[\s\/]+/).filter(Boolean).map(Number);
      return [r * 255, g * 255, b * 255, a === undefined ? 1 : a];
    }
    return null;
  };
  const over = (top, below) => {  // top laid over an opaque colour
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + below[i] * (1 - a)).concat([1]);
  };
  const mix = (c1, c2, t) => [0, 1, 2, 3].map(i => c1[i] + (c2[i] - c1[i]) * t);
  const luminance = c => {
    const [r, g, b] = c.slice(0, 3).map(v => {
      v /= 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const hex = c => "#" + c.slice(0, 3)
    .map(v => Math.round(v).toString(16).padStart(2, "0")).join("");

  // A gradient's top-level parts, split at commas outside brackets.
  const split = (inside) => {
    const parts = [];
    let depth = 0, start = 0;
    for (let i = 0; i < inside.length; i++) {
      if (inside[i] === "(") depth++;
      else if (inside[i] === ")") depth--;
      else if (inside[i] === "," && depth === 0) {
        parts.push(inside.slice(start, i).trim());
        start = i + 1;
      }
    }
    parts.push(inside.slice(start).trim());
    return parts;
  };
  // A gradient as a function of the point, or, if its shape is not read here, a list of
  // its stops (the worst of which counts).
  const gradient = (image, box) => {
    const m = image.match(/^(repeating-)?(radial|linear|conic)-gradient\((.*)\)$/);
    if (!m) return null;
    const parts = split(m[3]);
    const first = parse(parts[0]) ? null : parts.shift();
    const stops = parts.map(p => {
      const colour = parse(p);
      const at = p.replace(/rgba?\([^)]*\)|color\([^)]*\)/, "").trim();
      return {colour, at: at.endsWith("%") ? parseFloat(at) / 100 : null};
    });
    if (stops.some(s => !s.colour)) return {stops: []};
    stops[0].at ??= 0;
    stops[stops.length - 1].at ??= 1;
    for (let i = 1; i < stops.length - 1; i++) {
      if (stops[i].at !== null) continue;
      let j = i;
      while (stops[j].at === null) j++;
      const from = stops[i - 1].at;
      stops[i].at = from + (stops[j].at - from) / (j - i + 1);
    }
    const colours = stops.map(s => s.colour);
    const plain = m[2] === "radial" && !m[1]
      && /^(ellipse\s*)?(farthest-corner\s*)?(at\s+[\d.]+%\s+[\d.]+%)?$/.test(first || "");
    if (!plain) return {stops: colours};
    const at = (first || "").match(/at\s+([\d.]+)%\s+([\d.]+)%/);
    const cx = box.left + box.width * (at ? at[1] / 100 : 0.5);
    const cy = box.top + box.height * (at ? at[2] / 100 : 0.5);
    // farthest-corner: the closest-side ellipse's shape, through the farthest corner.
    const sx = Math.min(cx - box.left, box.right - cx);
    const sy = Math.min(cy - box.top, box.bottom - cy);
    const dx = Math.max(cx - box.left, box.right - cx);
    const dy = Math.max(cy - box.top, box.bottom - cy);
    if (!sx || !sy) return {stops: colours};
    const k = sx / sy;
    const ry = Math.sqrt((dx / k) ** 2 + dy ** 2), rx = k * ry;
    return {at: (x, y) => {
      const t = Math.sqrt(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2);
      if (t <= stops[0].at) return stops[0].colour;
      for (let i = 1; i < stops.length; i++) {
        if (t <= stops[i].at) {
          const span = stops[i].at - stops[i - 1].at;
          return mix(stops[i - 1].colour, stops[i].colour, span ? (t - stops[i - 1].at) / span : 1);
        }
      }
      return stops[stops.length - 1].colour;
    }};
  };
  // The colours under a point of a drawing, as seen: every layer from the drawing's own
  // up, laid over each other. Several colours when a gradient's worst stop counts.
  const under = (el, x, y) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const r = node.getBoundingClientRect();
      const bl = parseFloat(style.borderLeftWidth), bt = parseFloat(style.borderTopWidth);
      const br = parseFloat(style.borderRightWidth), bb = parseFloat(style.borderBottomWidth);
      const box = {left: r.left + bl, top: r.top + bt, right: r.right - br, bottom: r.bottom - bb};
      box.width = box.right - box.left;
      box.height = box.bottom - box.top;
      const images = style.backgroundImage === "none" ? [] : split(style.backgroundImage);
      let opaque = false;
      for (const image of images) {  // the first image is on top
        const g = gradient(image, box);
        if (!g) continue;
        if (g.at) {
          const c = g.at(x, y);
          layers.push([c]);
          opaque ||= c[3] === 1;
        } else if (g.stops.length) {
          layers.push(g.stops);
          opaque ||= g.stops.every(c => c[3] === 1);
        }
      }
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0) {
        layers.push([colour]);
        opaque ||= colour[3] === 1;
      }
      if (opaque) break;
    }
    let seen = [[255, 255, 255, 1]];  // the canvas
    for (const layer of layers.reverse()) {
      seen = seen.flatMap(below => layer.map(top => over(top, below)));
    }
    return seen;
  };
  const painted = (el) => {
    const style = getComputedStyle(el);
    const opacity = parseFloat(style.opacity);
    const paint = (value, alpha) => {
      const c = parse(value);
      return c ? [c[0], c[1], c[2], c[3] * alpha * opacity] : null;
    };
    const fill = paint(style.fill, parseFloat(style.fillOpacity));
    const stroke = parseFloat(style.strokeWidth) > 0
      ? paint(style.stroke, parseFloat(style.strokeOpacity)) : null;
    if (el.tagName === "line" || (el.tagName === "path" && !(fill && fill[3]))) {
      return [stroke];
    }
    return [fill, stroke].filter(Boolean);
  };

  const found = [];
  for (const svg of document.querySelectorAll(selector)) {
    if (!svg.checkVisibility() || !svg.getBoundingClientRect().width) continue;
    const figure = svg.closest(".number-line");
    const parts = [];
    for (const el of svg.querySelectorAll("line, path, circle, text")) {
      const box = el.getBoundingClientRect();
      if (!el.checkVisibility() || (!box.width && !box.height)) continue;
      const points = [];
      for (const fx of [0.05, 0.25, 0.5, 0.75, 0.95]) {
        for (const fy of [0.2, 0.5, 0.8]) {
          points.push([box.left + box.width * fx, box.top + box.height * fy]);
        }
      }
      const inks = painted(el);
      let worst = {ratio: Infinity};
      for (const [x, y] of points) {
        for (const bg of under(svg, x, y)) {
          // A part painted both ways (a marker's fill and its outline) reads by the better.
          let best = {ratio: 0, ink: "none"};
          for (const ink of inks) {
            if (!ink) continue;
            const seen = over(ink, bg);
            const r = ratio(seen, bg);
            if (r > best.ratio) best = {ratio: r, ink: hex(seen)};
          }
          if (best.ratio < worst.ratio) worst = {...best, under: hex(bg)};
        }
      }
      parts.push({
        part: el.tagName + "." + [...el.classList].join("."),
        label: el.tagName === "text",
        text: el.tagName === "text" ? el.textContent : "",
        ...worst,
      });
    }
    found.push({
      where: (figure && figure.parentElement ? figure.parentElement.className : "") || "",
      kind: svg.getAttribute("class") || "",
      parts,
    });
  }
  return found;
}
"""


# Each stylesheet of the page that did not load (Chromium gives it a sheet whose rules may
# not be read, where each of ours, from the page's own site, has rules to read): its address.
UNLOADED_STYLES = """() => [...document.querySelectorAll('link[rel="stylesheet"]')]
  .filter(l => { try { return !l.sheet || !l.sheet.cssRules.length; } catch { return true; } })
  .map(l => l.href)"""


def styled(page) -> None:
    """Every stylesheet of the page applies: measured without one, a page has colours no one
    sees (as the teacher's last slide once was in CI, without number-line.css). One that did
    not load fails the test by its address, with what went wrong as the tab saw it."""
    failed = getattr(page, "failed", {})
    unloaded = [
        f"{url} ({failed.get(url, 'no error seen')})" for url in page.evaluate(UNLOADED_STYLES)
    ]
    assert unloaded == [], f"stylesheets that did not load: {', '.join(unloaded)}"


# With reduced motion, as the tabs have it, every change of style is a transition of
# 0.01 ms (site.css), and a colour read before the next frame is still the old one: a
# stylesheet applied just before (on a busy machine the page may not have drawn a frame
# since it loaded) measured as missing. The colours are read once every transition ends.
SETTLED = """async () => {
  void document.documentElement.offsetHeight;  // the styles worked out, transitions begun
  await Promise.all(document.getAnimations().filter(a => a instanceof CSSTransition)
    .map(a => a.finished.catch(() => null)));
}"""


def measure(page, selector: str = ".number-line svg") -> list[dict]:
    """Every number line drawn on the page (one of ``selector`` that shows), with all of
    the page's styles, as they are once every change has been drawn: each part's worst
    contrast against what is under it."""
    styled(page)
    page.evaluate(SETTLED)
    return page.evaluate(MEASURE, selector)


def lowest(lines: list[dict]) -> dict[str, float]:
    """The lowest contrast of the lines' parts and of their labels."""
    parts = [p["ratio"] for line in lines for p in line["parts"] if not p["label"]]
    labels = [p["ratio"] for line in lines for p in line["parts"] if p["label"]]
    return {
        "parts": round(min(parts, default=float("inf")), 2),
        "labels": round(min(labels, default=float("inf")), 2),
    }


def unreadable(lines: list[dict]) -> list[str]:
    """Each part under 3:1 and each label under 4.5:1, with its colours."""
    return [
        f"{line['where']} {p['part']} {p['text']!r} {p['ink']} on {p['under']}: {p['ratio']:.2f}"
        for line in lines
        for p in line["parts"]
        if p["ratio"] < (LABEL if p["label"] else PART)
    ]
