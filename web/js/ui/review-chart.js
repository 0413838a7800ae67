// The review's chart: every player's running total (a line per player, a
// point per round scored) against the game's steps, and one player's chance
// to win after each of their judged decisions (mistakes large and red), with
// both axes, their scales and a legend. Drawn in the container's own pixels
// (the caller passes its width), so its words stay legible on a phone.
import { t } from "../i18n.js";
import { h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
const HEIGHT = 190;
const PAD = { left: 40, right: 44, top: 24, bottom: 24 };

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value);
  }
  el.append(...children);
  return el;
}

/** A round top for the points' scale: 10, 20, 25, 50, 100 … at least max. */
export function niceTop(max) {
  if (max <= 10) return 10;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= max);
  return step * power;
}

const text = (x, y, words, anchor, cls = "review-chart__label") => svg("text", { x, y, "text-anchor": anchor, class: cls }, words);

/**
 * The chart's drawing: {names, steps, totals (per round scored, per seat),
 * roundEnds, chances (the judged decisions of `seat`), seat, width, onJump(step)}.
 */
export function chartSvg({ names, steps, totals, roundEnds, chances, seat, width, onJump }) {
  const right = width - PAD.right;
  const bottom = HEIGHT - PAD.bottom;
  const top = niceTop(Math.max(1, ...totals.flat()));
  const x = (step) => PAD.left + ((right - PAD.left) * step) / Math.max(1, steps);
  const y = (share) => bottom - (bottom - PAD.top) * share;
  const jump = (step) => () => onJump(step);
  const grid = [0, 0.5, 1].map((share) =>
    svg(
      "g",
      { class: "review-chart__tick" },
      svg("line", { x1: PAD.left, x2: right, y1: y(share), y2: y(share) }),
      text(PAD.left - 6, y(share) + 4, String(Math.round(top * share)), "end"),
      text(right + 6, y(share) + 4, `${Math.round(share * 100)} %`, "start"),
    ),
  );
  const rounds = roundEnds.map((step, r) =>
    svg(
      "g",
      { class: "review-chart__tick" },
      svg("line", { x1: x(step), x2: x(step), y1: PAD.top, y2: bottom }),
      text(x(step), HEIGHT - 6, t("review.chartRound", { round: r + 1 }), roundEnds.length === 1 || r === roundEnds.length - 1 ? "end" : "middle"),
    ),
  );
  const lines = names.map((name, s) => {
    const points = [[x(0), y(0)], ...roundEnds.map((step, r) => [x(step), y(totals[r][s] / top)])];
    return svg(
      "g",
      { class: `review__series review__series--${s}` },
      svg("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none" }),
      ...roundEnds.map((step, r) =>
        svg("circle", { cx: x(step), cy: y(totals[r][s] / top), r: 4, tabindex: "0", onclick: jump(step) }, svg("title", {}, `${name}: ${totals[r][s]}`)),
      ),
    );
  });
  const dots = chances.map((j) =>
    svg(
      "circle",
      { class: `review__chance${j.mistake ? " is-mistake" : ""}`, cx: x(j.step), cy: y(j.chance), r: j.mistake ? 5 : 2.5, onclick: jump(j.step) },
      svg("title", {}, t("review.chartChance", { who: names[seat], step: j.step, chance: Math.round(j.chance * 100) })),
    ),
  );
  return svg(
    "svg",
    { viewBox: `0 0 ${width} ${HEIGHT}`, width, height: HEIGHT, role: "img", "aria-label": t("review.chart", { who: names[seat] }), class: "review__svg" },
    svg("rect", { x: PAD.left, y: PAD.top, width: right - PAD.left, height: bottom - PAD.top, class: "review__frame" }),
    ...grid,
    ...rounds,
    text(PAD.left - 6, HEIGHT - 6, t("review.chartStart"), "start"),
    text(4, 12, t("review.chartPoints"), "start", "review-chart__axis"),
    text(width - 4, 12, t("review.chartChanceAxis"), "end", "review-chart__axis"),
    ...lines,
    ...dots,
  );
}

/** The legend: a line per player, the dot of `seat`'s chance to win and a mistake's. */
export function chartLegend({ names, seat }) {
  return h(
    "ul",
    { class: "review-chart__legend" },
    names.map((name, s) =>
      h("li", {}, h("span", { class: `review-chart__swatch review__series--${s}`, "aria-hidden": "true" }), t("review.legendTotal", { who: name })),
    ),
    h("li", {}, h("span", { class: "review-chart__dot", "aria-hidden": "true" }), t("review.legendChance", { who: names[seat] })),
    h("li", {}, h("span", { class: "review-chart__dot is-mistake", "aria-hidden": "true" }), t("review.legendMistake")),
  );
}
