// The review screen, top to bottom: the game's story (turning points and
// each player's account, ui/review-story.js), the chart (ui/review-chart.js),
// the game's log in sync (a click jumps), then the stepper — the step
// controls, a jump list and the expert's note on the decision shown — right
// above the board, so that the table at a step and its verdict are seen
// together. A pure view: it reports jumps and choices up.
import { formatNumber, t } from "../i18n.js";
import { actionText, hintText } from "./aids.js";
import { fill, h } from "./dom.js";
import { grid } from "./grid.js";
import { eventText } from "./log.js";
import { chartLegend, chartSvg } from "./review-chart.js";
import { progressWords, reviewStory } from "./review-story.js";
import { table } from "./table.js";

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

/** The expert's word on the decision shown; view: the table at that step, for the cards' names and the reason. */
function noteText({ judgement, who, view, running }) {
  if (who === null) return t("review.note.none");
  if (!judgement) return running ? t("review.note.judging", { who }) : t("review.note.unjudged", { who });
  const played = actionText(judgement.played, view);
  if (judgement.played === judgement.best) return t("review.note.best", { who, played });
  const best = actionText(judgement.best, view);
  const { points } = judgement;
  // A difference that rounds to nothing is told as one, never as "0 points".
  if (formatNumber(points) === formatNumber(0)) return t("review.note.same", { who, played, best });
  // Not a mistake: not sure enough, or (its win chance rounding to 0 %) of little weight.
  let note = t("review.note.close", { who, played, best, points });
  if (judgement.mistake) note = t("review.note.mistake", { who, played, best, points, win: Math.max(1, Math.round(judgement.win * 100)) });
  else if (Math.round(judgement.win * 100) === 0) note = t("review.note.closeWin", { who, played, best, points });
  // The reason, unless it is only the search's figures again ("best_expected"), in its jargon.
  const reason = judgement.reason && view && judgement.reason.kind !== "best_expected";
  return reason ? `${note} ${hintText(judgement.reason, judgement.best, view)}` : note;
}

export class ReviewView {
  /**
   * names: the game's; steps: the total; log: every event; logSteps: the
   * step each event leads to (review.js); seat: whose chance to win the chart
   * shows first; on: {jump(step), move(by: -1 or 1, from the step last asked
   * for, not the one shown), play(), judge(), cancel(), close()}.
   */
  constructor({ names, steps, log, logSteps, seat, on }) {
    this.names = names;
    this.steps = steps;
    this.on = on;
    this.step = 0;
    this.stepView = null; // the view shown, once a step is
    this.data = null; // {info, deciders, judgements, account, roundsDone}
    this.progress = null;
    const button = (testid, label, onclick, text) =>
      h("button", { type: "button", class: "button", dataset: { testid }, "aria-label": label, title: label, onclick }, text);
    this.stepLabel = h("p", { class: "review__step", dataset: { testid: "review-step", step: 0, steps } });
    this.playButton = h("button", { type: "button", class: "button review__play", "aria-pressed": "false", onclick: () => on.play() }, t("review.play"));
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
      { class: "field field--small", onchange: () => this.renderChart() },
      names.map((name, i) => h("option", { value: i }, name)),
    );
    this.seatSelect.value = String(seat);
    this.seatPicker = h("label", { class: "review-chart__seat" }, t("review.chanceOf"), " ", this.seatSelect);
    this.story = h("section", { class: "review-story", "aria-labelledby": "review-points-title" });
    this.chart = h("div", { class: "review-chart__drawing" });
    this.chartWidth = 0;
    this.resized = new ResizeObserver(() => this.chart.clientWidth !== this.chartWidth && this.renderChart());
    this.resized.observe(this.chart);
    this.legend = h("div");
    const figure = h("figure", { class: "review-chart", dataset: { testid: "review-chart" } }, this.chart, this.legend, this.seatPicker);
    this.stepper = h(
      "div",
      { class: "review__stepper" },
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
      this.note,
    );
    this.root = h(
      "section",
      { class: "review panel", "aria-labelledby": "review-title", dataset: { testid: "review-panel" } },
      h(
        "div",
        { class: "review__head" },
        h("h2", { class: "panel__title", id: "review-title" }, t("review.title")),
        h("button", { type: "button", class: "button", dataset: { testid: "review-close" }, onclick: () => on.close() }, t("review.close")),
      ),
      this.story,
      figure,
      this.logList,
      this.stepper,
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
    this.scrollLog(this.current[0]);
    this.jumps.selectedIndex = this.jumpAt(step).index;
    this.renderNote();
  }

  /** Bring a log line into the log's own view; never the page's, which shows the step. */
  scrollLog(line) {
    if (!line) return;
    const list = this.logList;
    const top = line.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + line.getBoundingClientRect().height > list.scrollTop + list.clientHeight)
      list.scrollTop = top + line.getBoundingClientRect().height - list.clientHeight;
  }

  setPlaying(playing) {
    this.playButton.setAttribute("aria-pressed", String(playing));
    this.playButton.textContent = playing ? t("review.pause") : t("review.play");
  }

  /** What is known of the game: {info, deciders, judgements, account, roundsDone}; progress while judging, else null. */
  setReview(data, progress = null) {
    this.data = data;
    this.progress = progress;
    this.renderNote();
    this.renderChart();
    this.renderStory();
  }

  renderNote() {
    if (!this.data) return;
    const seat = this.data.deciders.get(this.step);
    const judgement = this.data.judgements.get(this.step);
    const who = seat === undefined ? null : this.names[seat];
    this.note.textContent = noteText({ judgement, who, view: this.stepView, running: this.progress !== null });
    this.note.classList.toggle("is-mistake", Boolean(judgement?.mistake));
  }

  /** The story drawn again only when its kind changes: a progress tick updates in place (a focused Cancel keeps its focus). */
  renderStory() {
    const { account, judgements, roundsDone } = this.data;
    const mode = account ? "done" : this.progress ? "running" : "idle";
    if (mode === "running" && this.storyMode === mode) {
      this.story.querySelector(".review-story__status").textContent = progressWords(this.progress);
      Object.assign(this.story.querySelector("progress"), { max: Math.max(1, this.progress.total), value: this.progress.done });
      return;
    }
    this.storyMode = mode;
    const mistakes = this.names.map((_, seat) => [...judgements.values()].filter((j) => j.seat === seat && j.mistake).length);
    const on = { jump: (step) => this.on.jump(step), judge: () => this.on.judge(), cancel: () => this.on.cancel() };
    fill(this.story, reviewStory({ account, names: this.names, mistakes, roundsDone, progress: this.progress, on }));
  }

  /** The chart, in the container's width: drawn again when that changes. */
  renderChart() {
    if (!this.data) return;
    const { totals, round_ends: roundEnds } = this.data.info;
    const seat = Number(this.seatSelect.value);
    const chances = [...this.data.judgements.values()].filter((j) => j.seat === seat && j.chance !== null);
    this.chartWidth = this.chart.clientWidth;
    const width = Math.max(280, this.chartWidth || 600);
    const onJump = (step) => this.on.jump(step);
    fill(this.chart, chartSvg({ names: this.names, steps: this.steps, totals, roundEnds, chances, seat, width, onJump }));
    fill(this.legend, chartLegend({ names: this.names, seat }));
  }

  /** Stop watching the chart's width (the review closes). */
  close() {
    this.resized.disconnect();
  }
}
