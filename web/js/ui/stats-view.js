// The statistics screen: one human name's figures (from stats.js), the last
// games with review and export links, and two small SVG charts drawn here
// (final score per game, win rate per bot level). Data in, DOM out; storing,
// resetting and exporting are the caller's.
import { t } from "../i18n.js";
import { playerFigures, playerNames, scoreHistory } from "../stats.js";
import { h } from "./dom.js";
import { dailySection } from "./stats-daily.js";

const SVG = "http://www.w3.org/2000/svg";

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

const percent = (rate) => (rate === null ? "–" : `${Math.round(rate * 100)} %`);
const number = (value) => (value === null ? "–" : String(Math.round(value * 10) / 10));

const W = 320;
const H = 120;
const PAD = 24;

/** Final score per game, oldest left; a dot per game, filled for a win. */
function scoreChart(history) {
  const values = history.map((game) => game.total);
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const x = (i) => PAD + (history.length > 1 ? (i * (W - 2 * PAD)) / (history.length - 1) : (W - 2 * PAD) / 2);
  const y = (v) => H - PAD - ((v - low) * (H - 2 * PAD)) / (high - low);
  const label = t("stats.scoreChart", { count: history.length });
  return s(
    "svg",
    { class: "stats__chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    s("title", {}, label),
    s("line", { class: "stats__axis", x1: PAD, x2: W - PAD, y1: y(0), y2: y(0) }),
    s("text", { class: "stats__tick", x: 2, y: y(high) + 4 }, String(high)),
    s("text", { class: "stats__tick", x: 2, y: y(low) + 4 }, String(low)),
    s("polyline", { class: "stats__line", points: history.map((game, i) => `${x(i)},${y(game.total)}`).join(" ") }),
    history.map((game, i) => s("circle", { class: game.won ? "stats__dot is-win" : "stats__dot", cx: x(i), cy: y(game.total), r: 3 })),
  );
}

/** Win rate against each bot level, as bars from 0 to 100 %. */
function levelChart(levels) {
  const band = (W - 2 * PAD) / Math.max(1, levels.length);
  const label = t("stats.levelChart");
  return s(
    "svg",
    { class: "stats__chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    s("title", {}, label),
    s("line", { class: "stats__axis", x1: PAD, x2: W - PAD, y1: H - PAD, y2: H - PAD }),
    levels.map(({ level, winRate }, i) => {
      const height = (winRate ?? 0) * (H - 2 * PAD);
      const x = PAD + i * band + band * 0.2;
      return [
        s("rect", { class: "stats__bar", x, y: H - PAD - height, width: band * 0.6, height }),
        s("text", { class: "stats__tick", x: x + band * 0.3, y: H - 8, "text-anchor": "middle" }, t(`level.${level}`)),
        s("text", { class: "stats__tick", x: x + band * 0.3, y: H - PAD - height - 4, "text-anchor": "middle" }, percent(winRate)),
      ];
    }),
  );
}

function figuresTable(f) {
  const row = (label, value) => h("tr", {}, h("th", { scope: "row" }, label), h("td", {}, value));
  return h(
    "table",
    { class: "stats__figures" },
    h(
      "tbody",
      {},
      row(t("stats.games"), f.games),
      row(t("stats.wins"), `${f.wins} (${percent(f.winRate)})`),
      f.levels.map((l) => row(t("stats.against", { level: t(`level.${l.level}`) }), `${l.wins} / ${l.games} (${percent(l.winRate)})`)),
      row(t("stats.bestRound"), number(f.bestRound)),
      row(t("stats.meanRound"), number(f.meanRound)),
      row(t("stats.bestChain"), f.bestChain),
      row(t("stats.streak"), t("stats.streakValue", { now: f.streak, best: f.bestStreak })),
      row(t("stats.hinted"), `${f.hinted.wins} / ${f.hinted.games}`),
    ),
  );
}

function recentList(games, { onReview, onExport, onCount }) {
  if (!games.length) return h("p", { class: "stats__empty" }, t("stats.noGames"));
  return h(
    "ol",
    { class: "stats__recent" },
    games.map((game) => {
      const when = new Date(game.date).toLocaleString(document.documentElement.lang, { dateStyle: "short", timeStyle: "short" });
      const seats = game.names
        .map((name, i) => {
          const level = game.seats[i] === "human" ? "" : ` (${t(`level.${game.seats[i]}`)})`;
          return `${name}${level}${game.winners.includes(i) ? " ★" : ""} ${game.totals[i]}`;
        })
        .join(", ");
      const links = game.record
        ? [
            h("button", { type: "button", class: "button button--quiet", onclick: () => onReview(game) }, t("stats.review")),
            h("button", { type: "button", class: "button button--quiet", onclick: () => onExport(game) }, t("stats.exportGame")),
          ]
        : null;
      // A game imported already over was played elsewhere: listed, counted only if the player says so.
      const imported = game.imported
        ? [
            h("span", { class: "stats__imported", dataset: { testid: "stats-imported" } }, t("stats.imported")),
            h(
              "button",
              { type: "button", class: "button button--quiet", dataset: { testid: "stats-count" }, onclick: () => onCount(game) },
              t("stats.countImported"),
            ),
          ]
        : null;
      const helped = game.hinted ? h("span", { class: "stats__helped", dataset: { testid: "stats-helped" } }, t("stats.helped")) : null;
      return h("li", { class: "stats__game" }, h("span", { class: "stats__when" }, when), h("span", { class: "stats__seats" }, seats), helped, imported, links);
    }),
  );
}

/**
 * statsView({stats, daily, levels, name, persisted, message, onName, onReset, onExport, onReview, onExportGame, onCount, onBackup, onRestore, onClose}):
 * name is the human name shown (null: the most played); levels the engine's
 * bot levels; persisted whether the browser keeps this site's data (null:
 * unknown yet); daily today's deal's {results, streak}.
 */
export function statsView({
  stats,
  daily,
  levels,
  name,
  persisted,
  message = "",
  onName,
  onReset,
  onExport,
  onReview,
  onExportGame,
  onCount,
  onBackup,
  onRestore,
  onClose,
}) {
  const names = playerNames(stats);
  const shown = names.includes(name) ? name : (names[0] ?? null);
  const picker =
    names.length > 1
      ? h(
          "label",
          { class: "stats__picker" },
          h("span", {}, t("stats.player")),
          h(
            "select",
            { class: "field field--small", onchange: (e) => onName(e.target.value) },
            names.map((n) => h("option", { value: n, selected: n === shown }, n)),
          ),
        )
      : null;
  const figures = shown ? playerFigures(stats, shown, levels) : null;
  return h(
    "div",
    { class: "stats", dataset: { testid: "stats-view", games: stats.ids.length } },
    h(
      "div",
      { class: "dialog__head" },
      h("h2", { class: "dialog__title", id: "stats-title" }, t("stats.title")),
      h(
        "button",
        {
          type: "button",
          class: "button button--icon",
          "aria-label": t("dialog.close"),
          title: t("dialog.close"),
          dataset: { testid: "stats-close" },
          onclick: onClose,
        },
        h("span", { class: "icon-remove", "aria-hidden": "true" }),
      ),
    ),
    h(
      "div",
      { class: "dialog__content" },
      h("p", { class: "stats__total" }, t("stats.recorded", { count: stats.ids.length })),
      picker,
      figures ? [h("h3", { class: "stats__name name-cut" }, shown), figuresTable(figures)] : null,
      figures && figures.games ? scoreChart(scoreHistory(stats, shown)) : null,
      figures && figures.levels.length ? levelChart(figures.levels) : null,
      dailySection(daily),
      h("h3", { class: "stats__heading" }, t("stats.recent")),
      recentList(stats.recent, { onReview, onExport: onExportGame, onCount }),
      h("p", { class: "stats__message", role: "status", dataset: { testid: "stats-message" } }, message),
      h(
        "p",
        { class: "stats__kept", dataset: { testid: "stats-persisted", persisted: String(persisted) } },
        persisted === null ? "" : persisted ? t("stats.persisted") : t("stats.notPersisted"),
      ),
      h(
        "div",
        { class: "panel__actions" },
        h("button", { type: "button", class: "button", dataset: { testid: "stats-backup" }, onclick: onBackup }, t("stats.backup")),
        h("button", { type: "button", class: "button", dataset: { testid: "stats-restore" }, onclick: onRestore }, t("stats.restore")),
        h("button", { type: "button", class: "button", onclick: onExport, disabled: !stats.ids.length }, t("stats.export")),
        h("button", { type: "button", class: "button", dataset: { testid: "stats-reset" }, onclick: onReset, disabled: !stats.ids.length }, t("stats.reset")),
      ),
    ),
  );
}
