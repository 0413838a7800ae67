// The review screen: step controls, a jump list (each turn, each round's
// scoring), the game's log in sync (a click jumps), the expert's note on the
// decision shown, a chart of the running scores and the judged seat's win
// chance, and the summary. A pure view: it reports jumps and choices up.
import { t } from "../i18n.js";
import { actionText, hintText } from "./aids.js";
import { fill, h } from "./dom.js";
import { grid } from "./grid.js";
import { eventText } from "./log.js";
import { table } from "./table.js";

const SVG = "http://www.w3.org/2000/svg";
const CHART = { width: 600, height: 160, pad: 8 };

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value);
  }
  el.append(...children);
  return el;
}

/** The table after a step: the stage of the seat to play, or every grid once the game is over. */
export function stepBoard({ view, seats }) {
  if (view.current !== null) return table({ view, seats, stage: view.current, changed: () => null, recap: null, interactive: false });
  return h(
    "div",
    { class: "panel__seats review__final" },
    view.names.map((name, seat) =>
      h(
        "figure",
        { class: "panel__seat" },
        grid({ seat, cells: view.grids[seat], size: "small", groups: view.live[seat].groups }),
        h("figcaption", { class: "name-cut", title: name }, name),
      ),
    ),
  );
}

/** The expert's note on the decision at this step, in words (null: nothing to judge here). */
/** The expert's word on the decision shown; view: the table at that step, for the cards' names and the reason. */
function noteText({ judgement, decision, who, view }) {
  if (!decision) return t("review.note.none");
  if (!judgement) return t("review.note.unjudged", { who });
  const played = actionText(judgement.played, view);
  if (judgement.played === judgement.best) return t("review.note.best", { who, played });
  const best = actionText(judgement.best, view);
  const points = judgement.points.toFixed(1);
  const note = judgement.mistake
    ? t("review.note.mistake", { who, played, best, points, win: Math.round(judgement.win * 100) })
    : t("review.note.close", { who, played, best, points });
  return judgement.reason && view ? `${note} ${hintText(judgement.reason, judgement.best, view)}` : note;
}

export class ReviewView {
  /**
   * names, seats: the game's; steps: the total; log: every event; logSteps: the
   * step each event leads to (review.js); on: {jump(step), move(by: -1 or 1, from the step
   * last asked for, not the one shown), play(), judge(seat), cancel(), close()}.
   */
  constructor({ names, steps, log, logSteps, seat, on }) {
    this.names = names;
    this.steps = steps;
    this.on = on;
    this.step = 0;
    this.stepView = null; // the view shown, once a step is
    this.info = null;
    this.judgements = new Map();
    const button = (testid, label, onclick, text) =>
      h("button", { type: "button", class: "button", dataset: { testid }, "aria-label": label, title: label, onclick }, text);
    this.stepLabel = h("p", { class: "review__step", dataset: { testid: "review-step", step: 0, steps } });
    this.playButton = h("button", { type: "button", class: "button", "aria-pressed": "false", onclick: () => on.play() }, t("review.play"));
    this.jumps = h("select", { class: "field field--small review__jumps", "aria-label": t("review.jump"), onchange: (e) => on.jump(Number(e.target.value)) });
    this.logList = h("ol", { class: "log__list review__log", tabindex: "0", "aria-label": t("log.title") });
    this.linesAt = new Map(); // step -> its log lines, so a jump touches only those
    this.current = [];
    log.forEach((event, i) => {
      const text = eventText(event, names);
      if (text === null) return;
      const line = h("li", { class: "log__entry review__line", dataset: { step: logSteps[i] }, onclick: () => on.jump(logSteps[i]) }, text);
      this.logList.append(line);
      if (!this.linesAt.has(logSteps[i])) this.linesAt.set(logSteps[i], []);
      this.linesAt.get(logSteps[i]).push(line);
    });
    this.fillJumps(log, logSteps);
    this.note = h("p", { class: "review__note", dataset: { testid: "review-note" }, "aria-live": "polite" });
    this.seatSelect = h(
      "select",
      { class: "field field--small", "aria-label": t("review.seat") },
      names.map((name, i) => h("option", { value: i }, name)),
    );
    this.seatSelect.value = String(seat);
    this.progress = h("progress", { class: "review__progress", max: 1, value: 0, hidden: true, "aria-label": t("review.progress") });
    this.judgeButton = h(
      "button",
      { type: "button", class: "button button--primary", onclick: () => on.judge(Number(this.seatSelect.value)) },
      t("review.judge"),
    );
    this.cancelButton = h("button", { type: "button", class: "button", hidden: true, onclick: () => on.cancel() }, t("review.cancel"));
    this.chart = h("div", { class: "review__chart" });
    this.summary = h("div", { class: "review__summary" });
    this.root = h(
      "section",
      { class: "review panel", "aria-labelledby": "review-title", dataset: { testid: "review-panel" } },
      h(
        "div",
        { class: "review__head" },
        h("h2", { class: "panel__title", id: "review-title" }, t("review.title")),
        h("button", { type: "button", class: "button", dataset: { testid: "review-close" }, onclick: () => on.close() }, t("review.close")),
      ),
      h(
        "div",
        { class: "review__controls", role: "group", "aria-label": t("review.controls") },
        button("step-start", t("review.start"), () => on.jump(0), "«"),
        button("step-prev", t("review.prev"), () => on.move(-1), "◀"),
        this.playButton,
        button("step-next", t("review.next"), () => on.move(1), "▶"),
        button("step-end", t("review.end"), () => on.jump(this.steps), "»"),
        this.stepLabel,
        this.jumps,
      ),
      h("div", { class: "review__judge" }, this.seatSelect, this.judgeButton, this.cancelButton, this.progress),
      this.note,
      this.chart,
      this.summary,
      this.logList,
    );
  }

  /** The jump list: the start, each turn (who plays it) and each round's scoring. */
  fillJumps(log, logSteps) {
    const options = [h("option", { value: 0 }, t("review.jumpStart"))];
    let turn = 0;
    log.forEach((event, i) => {
      // A turn opens with a draw or a take; a round's scoring is the step that scored it.
      if (event.type === "draw" || event.type === "take") {
        turn += 1;
        options.push(h("option", { value: logSteps[i] - 1 }, t("review.jumpTurn", { n: turn, who: this.names[event.seat] })));
      } else if (event.type === "round_scored") {
        options.push(h("option", { value: logSteps[i] }, t("review.jumpRound", { round: event.round })));
      }
    });
    fill(this.jumps, options);
    this.jumpSteps = options.map((option) => Number(option.value)); // ascending
  }

  /** The jump list's entry for step: the last one at or before it (a binary search: long games have thousands). */
  jumpAt(step) {
    let [low, high] = [0, this.jumpSteps.length - 1];
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.jumpSteps[middle] <= step) low = middle;
      else high = middle - 1;
    }
    return this.jumps.options[low];
  }

  /** Show step, whose view the caller draws into the board. */
  show(step, view) {
    this.step = step;
    this.stepView = view;
    Object.assign(this.stepLabel.dataset, { step, steps: this.steps });
    this.stepLabel.textContent = t("review.stepOf", { step, steps: this.steps });
    for (const line of this.current) line.classList.remove("is-current");
    this.current = this.linesAt.get(step) ?? [];
    for (const line of this.current) line.classList.add("is-current");
    this.current[0]?.scrollIntoView({ block: "nearest" });
    this.jumps.selectedIndex = this.jumpAt(step).index;
    this.renderNote();
  }

  setPlaying(playing) {
    this.playButton.setAttribute("aria-pressed", String(playing));
    this.playButton.textContent = playing ? t("review.pause") : t("review.play");
  }

  /** The judged seat's decisions and what is known of them (info: review_start's answer). */
  setReview(info, judgements, summary) {
    this.info = info;
    this.judgements = judgements;
    this.renderNote();
    this.renderChart();
    this.renderSummary(summary);
  }

  setProgress(done, total, running) {
    this.progress.hidden = !running;
    this.progress.max = Math.max(1, total);
    this.progress.value = done;
    this.progress.setAttribute("aria-valuetext", t("review.progressText", { done, total }));
    this.cancelButton.hidden = !running;
    this.judgeButton.disabled = running;
    this.seatSelect.disabled = running;
  }

  renderNote() {
    const decision = Boolean(this.info?.decisions.includes(this.step));
    const who = this.info ? this.names[this.info.seat] : "";
    this.note.textContent = noteText({ judgement: this.judgements.get(this.step), decision, who, view: this.stepView });
    this.note.classList.toggle("is-mistake", Boolean(this.judgements.get(this.step)?.mistake));
  }

  /** Each seat's running total (a line per seat, a point per round scored) and the judged seat's win chance. */
  renderChart() {
    const { width, height, pad } = CHART;
    const { totals, round_ends: ends, seat } = this.info;
    const top = Math.max(1, ...totals.flat());
    const x = (step) => pad + ((width - 2 * pad) * step) / Math.max(1, this.steps);
    const y = (share) => height - pad - (height - 2 * pad) * share;
    const jump = (step) => () => this.on.jump(step);
    const lines = this.names.map((name, s) => {
      const points = [[x(0), y(0)], ...ends.map((step, r) => [x(step), y(totals[r][s] / top)])];
      return svg(
        "g",
        { class: `review__series review__series--${s}` },
        svg("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none" }),
        ...ends.map((step, r) =>
          svg("circle", { cx: x(step), cy: y(totals[r][s] / top), r: 4, tabindex: "0", onclick: jump(step) }, svg("title", {}, `${name}: ${totals[r][s]}`)),
        ),
      );
    });
    const judged = this.info.decisions.map((step) => this.judgements.get(step)).filter((j) => j && j.chance !== null);
    const chances = judged.map((j) =>
      svg(
        "circle",
        { class: `review__chance${j.mistake ? " is-mistake" : ""}`, cx: x(j.step), cy: y(j.chance), r: j.mistake ? 5 : 2.5, onclick: jump(j.step) },
        svg("title", {}, t("review.chartChance", { who: this.names[seat], step: j.step, chance: Math.round(j.chance * 100) })),
      ),
    );
    const chart = svg(
      "svg",
      { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": t("review.chart", { who: this.names[seat] }), class: "review__svg" },
      svg("rect", { x: 0, y: 0, width, height, class: "review__frame" }),
      ...lines,
      ...chances,
    );
    fill(this.chart, chart);
  }

  renderSummary(summary) {
    if (!summary) return fill(this.summary);
    const who = this.names[summary.seat];
    const biggest = summary.biggest;
    fill(
      this.summary,
      h("h3", { class: "panel__title panel__title--small" }, t("review.summaryTitle", { who })),
      h(
        "ul",
        {},
        h("li", {}, t("review.summaryJudged", { count: summary.judged })),
        h("li", {}, t("review.summaryMistakes", { count: summary.mistakes, points: summary.points_lost.toFixed(1) })),
        biggest
          ? h(
              "li",
              {},
              h(
                "button",
                { type: "button", class: "button button--quiet", onclick: () => this.on.jump(biggest.step) },
                t("review.summaryBiggest", { played: actionText(biggest.played), best: actionText(biggest.best), points: biggest.points.toFixed(1) }),
              ),
            )
          : null,
        h("li", {}, t("review.summaryExpert", { mine: summary.per_decision.points.toFixed(2), expert: summary.expert.points.toFixed(2) })),
      ),
    );
  }
}
